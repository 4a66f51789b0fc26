import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  ssr: {
    // Native or wasm packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pg-boss", "pdfkit", "nodemailer"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
