import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

/** The root loader's data (user, public config, flash toast) for the layout's components. */
export function useRootData() {
  return useRouteLoaderData("root") as RootData | undefined;
}
