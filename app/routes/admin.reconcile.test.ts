/**
 * Reconciliation you can run (issue 28, item 4): Admin → Conciliação shows the last run and its
 * differences and runs it inside the server; `npm run reconcile` on the embedded database held by
 * the server says how to run it there instead of failing.
 */
import type { loadReconcilePanel } from "~/domain/ledger/index.server";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminFixture, adminGet, adminPost, countAudit, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";

async function tab(cookie: string) {
  const result = (await loader(routeArgs(adminGet("/admin/conciliacao", cookie)))) as {
    data: Awaited<ReturnType<typeof loadReconcilePanel>>;
  };
  return result.data;
}

describe("Admin → Conciliação", () => {
  it("shows that it never ran, runs on 'Rodar agora' (audited), and lists each difference", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    expect((await tab(cookie)).last).toBeNull();

    const audits = await countAudit();
    const clean = await outcome(() => action(routeArgs(adminPost(cookie, { intent: "runReconcile" }))));
    expect(clean).toMatchObject({ status: 200, body: { intent: "runReconcile", ok: true } });
    expect(await countAudit()).toBe(audits + 1);
    const first = (await tab(cookie)).last!;
    expect(first.ok).toBe(true);
    expect(first.checked.parties).toBeGreaterThan(0);

    // A maintained total that no longer matches its ledger rows.
    await db.update(schema.parties).set({ raisedCents: 1 }).where(eq(schema.parties.id, fx.liveParty.id));
    await outcome(() => action(routeArgs(adminPost(cookie, { intent: "runReconcile" }))));
    const second = (await tab(cookie)).last!;
    expect(second.ok).toBe(false);
    expect(second.discrepancies.map((d) => d.pt).join("\n")).toContain(fx.liveParty.name);
    expect(new Date(second.ranAt).getTime()).toBeGreaterThanOrEqual(new Date(first.ranAt).getTime());
  });
});

describe("npm run reconcile while the server holds the embedded database", () => {
  it("says how to run it from the admin (exit 3) instead of failing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reconcile-cli-"));
    fs.writeFileSync(path.join(dataDir, "server.pid"), String(process.pid)); // a live process holds it
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        "npx",
        ["tsx", "scripts/reconcile.ts"],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "http://festa.test", NODE_ENV: "test" },
          timeout: 60_000,
        },
        (error, out) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out }),
      );
    });
    expect(stdout).toContain("http://festa.test/admin/conciliacao");
    expect(stdout).toContain("Rodar agora");
    expect(code).toBe(3);
  }, 90_000);
});
