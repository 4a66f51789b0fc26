/**
 * Prints each public page's first-visit client JS (gzip) from `build/` — the figures the budget
 * journey (tests/e2e/js-budget.spec.ts) checks — to see headroom before running the browser suite.
 * Usage: npx tsx scripts/js-budget-report.ts [buildDir]
 */
import path from "node:path";
import { publicPagesJs } from "./client-js";

const buildDir = path.resolve(process.argv[2] ?? "build");
for (const { page, gzip } of publicPagesJs(buildDir).sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${page.padEnd(28)} ${String(gzip).padStart(7)} B`);
}
