import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstVisitFiles, publicPagesJs, readManifest } from "../../scripts/client-js";

// Client JavaScript a first visit to each public page downloads (gzip), read from the build this
// suite runs (BUILD_DIR): the entry, the root and the route with everything they import, and the
// bootstrap script in the HTML. Budgets (issue 9): the party page at most 125 KB, no public page
// over 150 KB. Figures and what makes them up: docs/performance.md ("Client JavaScript").
const KB = 1000;
const PARTY_BUDGET = 125 * KB;
const PUBLIC_BUDGET = 150 * KB;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

test("client JS per public page stays within budget (gzip)", () => {
  const rows: string[] = [];
  const failures: string[] = [];
  for (const { page, gzip: size } of publicPagesJs(buildDir)) {
    const budget = page === "festa/:id" ? PARTY_BUDGET : PUBLIC_BUDGET;
    rows.push(`${page.padEnd(24)} ${(size / KB).toFixed(1).padStart(6)} KB  budget ${budget / KB} KB`);
    if (size > budget) failures.push(`${page}: ${(size / KB).toFixed(1)} KB > ${budget / KB} KB`);
  }
  console.log(rows.join("\n"));
  expect(rows.length).toBeGreaterThan(10);
  expect(failures).toEqual([]);
});

// The budget above is computed from the build; this checks that model against what Chromium
// actually downloads on a first visit (until the network is idle), so a script loaded some other
// way — a lazy chunk every visit triggers, say — cannot escape the count.
for (const [url, routeId] of [
  ["/", "routes/home"],
  ["/festa/mari3", "routes/festa.$id"],
  ["/doar", "routes/doar"],
] as const) {
  test(`a first visit to ${url} downloads exactly the counted scripts`, async ({ page }) => {
    const downloaded = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") downloaded.add(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const { manifest } = readManifest(buildDir);
    expect(manifest.routes[routeId]).toBeDefined();
    expect([...downloaded].sort()).toEqual([...firstVisitFiles(buildDir, routeId)].sort());
  });
}

test("the toaster loads only when a toast is shown, and the toast is not lost", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await page.goto("/festa/mari3", { waitUntil: "networkidle" });
  expect(scripts.filter((s) => s.includes("toast-center"))).toEqual([]);
  await page.getByRole("button", { name: "Copiar Link" }).click();
  // Copied, or (clipboard refused) the link to copy by hand: either way a toast appears.
  await expect(page.getByText(/Link copiado!|Copie o link da festa/)).toBeVisible();
  expect(scripts.filter((s) => s.includes("toast-center"))).toHaveLength(1);
});
