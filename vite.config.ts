import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks: clientChunk } },
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
 * Rollup gives every lucide icon shared by two routes its own tiny file; a page then waits on a
 * dozen extra round trips on a phone's connection. All icons together are ~10 KiB gzip, so they
 * share one file. React gets its own, or Rollup would pull it into the icons file.
 */
function clientChunk(id: string) {
  if (id.includes("/node_modules/lucide-react/")) return "icons";
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "react";
  return undefined;
}
