import { data } from "react-router";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import type { Route } from "./+types/$";
import { logger } from "~/platform/logger.server";

export const meta: Route.MetaFunction = () => [
  { title: "Página não encontrada — Festa Solidária" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  logger.warn({ url: new URL(request.url).pathname }, "Página não encontrada (404)");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
