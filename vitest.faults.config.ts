import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run test:faults`: the built server as real processes, killed, cut off from its database or mail server. */
export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@tests": path.resolve(import.meta.dirname, "tests/support") },
  },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    globalSetup: ["tests/faults/support/global-setup.ts"],
    setupFiles: ["tests/faults/support/setup.ts"],
    pool: "forks",
    // One at a time: each file runs servers and load of its own on a 2-core machine.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
