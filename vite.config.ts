import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunk } from "./vite/client-chunks";
import { conformZodMini } from "./vite/conform-zod-mini";
import { lucidePerIcon } from "./vite/lucide-per-icon";

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
  plugins: [lucidePerIcon(), conformZodMini(), tailwindcss(), reactRouter()],
}));
