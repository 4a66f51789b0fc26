import type { GetModuleInfo, ManualChunkMeta } from "rollup";
import { NOT_PUBLIC } from "../scripts/client-js";

/**
 * How the browser's JavaScript is split (docs/decisions/090-client-javascript.md):
 * - "react": React and React DOM, cached across deploys of our code;
 * - "shell": what every page runs (the root layout and everything it imports), the small modules
 *   most pages share (UI kit, formatting, meta) and the party page's icons. Rollup would otherwise
 *   give each its own file of a few hundred bytes: a phone then waits on dozens of requests, and
 *   gzip compresses the pieces worse than the whole (measured: 19.7 KB apart, 14.3 KB together);
 * - "icons": the other icons that more than one public page draws, in one file;
 * - everything else goes with the pages that use it.
 * Used with `onlyExplicitManualChunks`, so a package's index cannot drag all it lists along.
 */
const SHARED = [
  /\/app\/components\/(ui\/button|ui\/card|ui\/progress|ui\/badge|content\/sponsor-banner|causes\/institution)\.tsx$/,
  /\/app\/domain\/organizations\/(institution|cnpj-format)\.ts$/,
  /\/app\/platform\/(money|dates|ui\/meta|ui\/seo|ui\/toast|ui\/cn)\.ts$/,
  /\/app\/domain\/donations\/fee\.ts$/,
  /\/node_modules\/(class-variance-authority|clsx)\//,
  // What every page, icon and lazy import needs: the font's URL, lucide's base component, Vite's
  // preload helper.
  /\/@fontsource-variable\/nunito\/.*\?url$/,
  /\/node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
  /vite\/preload-helper/,
];
const ROUTE = /\/app\/(root\.tsx|routes\/[^/]+\.tsx?)$/;
const ROOT = /\/app\/root\.tsx$/;
const PARTY_PAGE = /\/app\/routes\/festa\.\$id\.tsx$/;
/** Route files of the pages that are not public ("sandbox/checkout/:id" → sandbox.checkout.$id). */
const PRIVATE_PAGE_FILES = new Set([...NOT_PUBLIC].map((page) => page.replaceAll("/", ".").replace(/:(\w+)/g, "$$$1")));
const isPrivatePage = (id: string) => PRIVATE_PAGE_FILES.has(id.replace(/^.*\/app\/routes\/|\.tsx?$/g, ""));
const ICON = /\/node_modules\/lucide-react\/dist\/esm\/icons\//;

/**
 * The small field kit every page with a form runs (docs/decisions/111-forms.md): one file instead
 * of three — each separate file costs a request and compresses worse on its own.
 */
const FORM_KIT = /\/app\/components\/(ui\/use-schema-form|ui\/field|abuse\/challenge-field)\.tsx?$/;

/**
 * The party page's parts its host's pages also draw (the gift list, the share buttons): one file,
 * not one each — the party page has the tightest budget and each file costs its own overhead.
 */
const PARTY_PARTS = /\/app\/components\/party\/(gift-list|share-buttons)\.tsx$/;

export function clientChunk(id: string, { getModuleInfo }: ManualChunkMeta) {
  // Rollup's helper for CommonJS modules: React is the only CommonJS package in the browser.
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.includes("commonjsHelpers")) return "react";
  if (SHARED.some((pattern) => pattern.test(id))) return "shell";
  if (FORM_KIT.test(id)) return "form-kit";
  if (PARTY_PARTS.test(id)) return "party-parts";
  const ours = id.includes("/app/") && !id.includes("/node_modules/");
  if (!ours && !ICON.test(id)) return undefined;
  const pages = [...pagesUsing(id, getModuleInfo)];
  if (pages.some((page) => ROOT.test(page))) return "shell";
  if (ICON.test(id)) {
    if (pages.some((page) => PARTY_PAGE.test(page))) return "shell";
    // An icon only one page draws goes with that page: the shared file would make every other
    // page download it too.
    const publicPages = pages.filter((page) => !isPrivatePage(page));
    if (publicPages.length > 1) return "icons";
  }
  return undefined;
}

const pagesOf = new Map<string, Set<string>>();
/** The route modules that import `id`, directly or through others (static imports only). */
function pagesUsing(id: string, getModuleInfo: GetModuleInfo, visiting = new Set<string>()): Set<string> {
  const known = pagesOf.get(id);
  if (known) return known;
  if (ROUTE.test(id)) return new Set([id]);
  if (visiting.has(id)) return new Set();
  visiting.add(id);
  const pages = new Set<string>();
  for (const importer of getModuleInfo(id)?.importers ?? []) {
    for (const page of pagesUsing(importer, getModuleInfo, visiting)) pages.add(page);
  }
  visiting.delete(id);
  pagesOf.set(id, pages);
  return pages;
}
