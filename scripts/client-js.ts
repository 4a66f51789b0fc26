// The client JavaScript a first visit to a page downloads, read from a build's manifest: the entry,
// the root route and the page's route with everything they import (React Router preloads them
// all), plus the bootstrap script React Router writes into the HTML. With lazy route discovery
// (the default) that script carries the matched routes' part of the manifest and the manifest file
// itself is not downloaded. Chunks loaded later on demand (the toaster) are not counted. Shared by
// the budget check (tests/e2e/js-budget.spec.ts, which also checks this against what Chromium
// downloads) and `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasDefaultExport: boolean;
};

/** Pages behind a login, the sandbox's stand-ins for the provider's pages, the local mailbox. */
export const NOT_PUBLIC = new Set([
  "admin",
  "painel",
  "painel/festa/:id",
  "painel/festa/:id/editar",
  "criar-festa",
  "subscription-success",
  "dev/emails",
  "sandbox/checkout/:id",
  "sandbox/assinatura/:id",
  "sandbox/portal/:customer",
  "sandbox/pix/:txid",
  "sandbox/pix-automatico/:id",
  "conta",
  "conta/confirmar-email",
  "assinatura/gerenciar",
  "painel/festas/:id/agradecer",
  // Behind a login too: an institution's application, its team, the invitation and address links.
  "ongs/cadastrar",
  "ong/:slug/equipe",
  "ong/:slug/painel",
  "ong/convite",
  "conta/confirmar-endereco",
  "assinatura/confirmar",
  // A failed month's recovery link (issue 30).
  "assinatura/regularizar",
]);

export function readManifest(buildDir: string) {
  const assets = path.join(buildDir, "client/assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  return { file: `/assets/${file}`, manifest };
}

/**
 * The URL pattern of a page route ("/" for the home page), with its parents' segments: a nested
 * route (an admin tab, "admin/doacoes"; the panel's index, "admin") is named by its whole address.
 */
function pagePath(route: ManifestRoute, routes: Record<string, ManifestRoute>): string {
  const segments: string[] = [];
  for (let r: ManifestRoute | undefined = route; r && r.id !== "root"; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) segments.unshift(r.path);
  }
  return segments.length ? segments.join("/") : "/";
}

/** The JS files (URL paths) a first visit to `routeId` loads. */
export function firstVisitFiles(buildDir: string, routeId: string) {
  const { manifest } = readManifest(buildDir);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", routeId]) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return files;
}

/**
 * The module script React Router inlines in the page: the matched routes, the index and the
 * catch-all route's manifest entries (pretty-printed as it does) and the import of the entry.
 */
function bootstrapScript(buildDir: string, routeId: string) {
  const { file, manifest } = readManifest(buildDir);
  const ids = [...new Set(["root", routeId, "routes/home", "routes/$"])].filter((id) => manifest.routes[id]);
  const routes = Object.fromEntries(ids.map((id) => [id, manifest.routes[id]]));
  const matched = ["root", routeId];
  return [
    ...matched.map((id, i) => `import * as route${i} from "${manifest.routes[id]!.module}";`),
    `window.__reactRouterManifest = ${JSON.stringify({ entry: manifest.entry, routes, url: file }, null, 2)};`,
    `window.__reactRouterRouteModules = {${matched.map((id, i) => `"${id}":route${i}`).join(",")}};`,
    `import("${manifest.entry.module}");`,
  ].join("\n");
}

/** gzip (level 9) bytes and file count of the JS a first visit to `routeId` loads. */
function firstVisitJs(buildDir: string, routeId: string) {
  const files = firstVisitFiles(buildDir, routeId);
  const inline = Buffer.from(bootstrapScript(buildDir, routeId));
  let gzip = zlib.gzipSync(inline, { level: 9 }).length;
  let raw = inline.length;
  for (const f of files) {
    const body = fs.readFileSync(path.join(buildDir, "client", f));
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { gzip, raw, files: files.size };
}

/** A page of NOT_PUBLIC, or one nested under one (every admin tab under "admin"). */
const isBehindLogin = (page: string) => [...NOT_PUBLIC].some((hidden) => page === hidden || page.startsWith(`${hidden}/`));

/** Every public page of the build with its first-visit JS. */
export function publicPagesJs(buildDir: string) {
  const { manifest } = readManifest(buildDir);
  return Object.values(manifest.routes)
    .filter((r) => r.id !== "root" && r.hasDefaultExport && r.path !== "*" && !isBehindLogin(pagePath(r, manifest.routes)))
    .map((r) => ({ page: pagePath(r, manifest.routes), ...firstVisitJs(buildDir, r.id) }));
}
