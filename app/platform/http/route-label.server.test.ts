import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeLabel } from "./route-label.server";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });

function fakeBuild(): ServerBuild {
  return {
    routes: {
      root: route("root", undefined, ""),
      "routes/home": route("routes/home", "root", undefined, true),
      "routes/festa.$id": route("routes/festa.$id", "root", "festa/:id"),
      "routes/termos-de-uso": route("routes/termos-de-uso", "root", "termos-de-uso"),
    },
  } as unknown as ServerBuild;
}

describe("routeLabel", () => {
  it("names the route that serves a path, never the path itself", () => {
    const build = fakeBuild();
    expect(routeLabel(build, "/festa/mari3")).toBe("routes/festa.$id");
    expect(routeLabel(build, "/festa/outra")).toBe("routes/festa.$id");
    expect(routeLabel(build, "/festa/mari3.data")).toBe("routes/festa.$id");
    expect(routeLabel(build, "/_root.data")).toBe("routes/home");
    expect(routeLabel(build, "/")).toBe("routes/home");
    expect(routeLabel(build, "/termos-de-uso")).toBe("routes/termos-de-uso");
  });

  it("answers the same for a path seen before, and keeps builds apart", () => {
    const first = fakeBuild();
    expect(routeLabel(first, "/termos-de-uso")).toBe("routes/termos-de-uso");
    expect(routeLabel(first, "/termos-de-uso")).toBe("routes/termos-de-uso");
    const second = fakeBuild();
    delete (second.routes as Record<string, unknown>)["routes/termos-de-uso"];
    expect(routeLabel(second, "/termos-de-uso")).toBe("other");
    expect(routeLabel(undefined, "/termos-de-uso")).toBe("other");
  });

  it("stays correct past its bound of remembered paths", () => {
    const build = fakeBuild();
    for (let i = 0; i < 2500; i++) expect(routeLabel(build, `/festa/f${i}`)).toBe("routes/festa.$id");
    expect(routeLabel(build, "/festa/f0")).toBe("routes/festa.$id");
  });
});
