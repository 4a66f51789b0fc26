import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ManualChunkMeta } from "rollup";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks: clientChunk, onlyExplicitManualChunks: true } },
  },
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  ssr: {
    // Native or wasm packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pg-boss", "pdfkit", "nodemailer"],
  },
  // Server-only native/wasm packages must not be pre-bundled for the browser by the dev server.
  optimizeDeps: { exclude: ["@node-rs/argon2", "@electric-sql/pglite", "pg-boss", "pdfkit"] },
  plugins: [tailwindcss(), reactRouter()],
}));

/**
 * How the browser's JavaScript is split (docs/decisions/090-client-javascript.md):
 * - "react": React and React DOM, cached across deploys of our code;
 * - "shell": what every page runs (the root layout and everything it imports) plus the small
 *   modules most pages share (UI kit, formatting, meta). Rollup would otherwise give each of them
 *   its own file of a few hundred bytes: a phone then waits on dozens of requests, and gzip
 *   compresses the pieces worse than the whole (measured: 19.7 KB apart, 14.3 KB together).
 * - the rest, including most icons, goes with the pages that use it.
 */
const SHARED = [
  /\/app\/components\/(ui\/button|ui\/card|ui\/progress|sponsor-banner)\.tsx$/,
  /\/app\/lib\/(money|dates|meta|seo|toast|fee|utils)\.ts$/,
  /\/node_modules\/(class-variance-authority|clsx)\//,
];

function clientChunk(id: string, { getModuleInfo }: ManualChunkMeta) {
  // Rollup's helper for CommonJS modules, which only React is among the browser's packages.
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.includes("commonjsHelpers")) return "react";
  if (SHARED.some((pattern) => pattern.test(id))) return "shell";
  // Our own modules only: a package's barrel file (lucide-react's index) would drag in all it lists.
  if (id.includes("/app/") && !id.includes("/node_modules/") && isInRootLayout(id, getModuleInfo)) return "shell";
  return undefined;
}

const inRootLayout = new Map<string, boolean>();
/** Whether the root route imports the module, directly or through others (static imports only). */
function isInRootLayout(id: string, getModuleInfo: ManualChunkMeta["getModuleInfo"], seen = new Set<string>()): boolean {
  if (inRootLayout.has(id)) return inRootLayout.get(id)!;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = getModuleInfo(id);
  const result = /\/app\/root\.tsx$/.test(id) || (info?.importers ?? []).some((importer) => isInRootLayout(importer, getModuleInfo, seen));
  inRootLayout.set(id, result);
  return result;
}
