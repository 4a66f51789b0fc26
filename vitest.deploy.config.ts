import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:deploy`: nginx (docs/deploy/nginx.conf) in front of two built instances of two
 * workers on PostgreSQL, restarted under load (tests/deploy/). Reuses the fault suite's plumbing.
 */
export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@tests": path.resolve(import.meta.dirname, "tests/support") },
  },
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    globalSetup: ["tests/faults/support/global-setup.ts"],
    setupFiles: ["tests/faults/support/setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
