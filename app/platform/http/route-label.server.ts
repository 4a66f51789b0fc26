/**
 * The metric label of a request: the React Router route id that serves it (`routes/festa.$id`),
 * never the raw path, which carries ids and tokens and would make every URL its own series.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Tree = RouteObject & { id: string };
const trees = new WeakMap<ServerBuild, Tree[]>();

function routeTree(build: ServerBuild): Tree[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const byParent = new Map<string | undefined, Tree[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as Tree;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(node);
    byParent.set(route.parentId, siblings);
  }
  const attach = (nodes: Tree[]): Tree[] =>
    nodes.map((n) => {
      const children = byParent.get(n.id);
      return (children && !n.index ? { ...n, children: attach(children) } : n) as Tree;
    });
  tree = attach(byParent.get(undefined) ?? []);
  trees.set(build, tree);
  return tree;
}

/**
 * Labels of recently seen paths, per build: `matchRoutes` flattens and ranks the whole route tree
 * on every call (9% of a page's CPU in a production profile), and a viral link is one path asked
 * thousands of times. Bounded: the oldest entry leaves when it is full.
 */
const recentLabels = new WeakMap<ServerBuild, Map<string, string>>();
const RECENT_LABELS_MAX = 2000;

/** The deepest matching route id, or `other` (nothing matched / no build loaded yet). */
export function routeLabel(build: ServerBuild | undefined, pathname: string): string {
  if (!build) return "other";
  let recent = recentLabels.get(build);
  if (!recent) recentLabels.set(build, (recent = new Map()));
  const known = recent.get(pathname);
  if (known) return known;
  // Client navigations fetch `<path>.data` (and `/_root.data` for the home page).
  let path = pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const label = matchRoutes(routeTree(build), path)?.at(-1)?.route.id ?? "other";
  if (recent.size >= RECENT_LABELS_MAX) recent.delete(recent.keys().next().value!);
  recent.set(pathname, label);
  return label;
}
