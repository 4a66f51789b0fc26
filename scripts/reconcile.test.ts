/**
 * `npm run reconcile` as its own process, the way an operator (or the CI of a deployment) runs it:
 * exit 0 on the demo data; after a ledger row is altered by hand, it names the discrepancy and
 * exits 1. On PostgreSQL against the test's database; on PGlite against a data folder prepared here.
 */
import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, getConnection, migrateDatabase, openPglite, setConnection } from "~/platform/db.server";
import { seedDemoData } from "~/seed/seed.server";

function runReconcile(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "development", DATABASE_URL: "", ...env };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/reconcile.ts"],
      { env: childEnv, cwd: process.cwd(), timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** One paid demo gift grows by R$ 1,00 behind the append-only guard's back. */
async function alterByHand() {
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
  await db.execute(sql`
    update ledger_entries set gross_cents = gross_cents + 100, net_cents = net_cents + 100
    where id = (select l.id from ledger_entries l join parties p on p.id = l.party_id where p.share_code = 'rjcas' order by l.gross_cents desc limit 1)`);
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
}

function expectBoth(ok: { code: number; stdout: string }, altered: { code: number; stderr: string }) {
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain("OK: nenhuma divergência. / No discrepancies.");
  expect(altered.code).toBe(1);
  expect(altered.stderr).toContain(
    `✗ [party] Festa "Casamento Rafael & Júlia" (rjcas): total mantido R$ 1.600,00 em 3 doações, livro-caixa R$ 1.601,00 em 3.`,
  );
  expect(altered.stderr).toContain(
    `Party "Casamento Rafael & Júlia" (rjcas): maintained total R$ 1.600,00 in 3 gifts, ledger R$ 1.601,00 in 3.`,
  );
  expect(altered.stderr).toMatch(/✗ \[gift\] Doação nº \d+ \(paga, R\$ 1\.000,00\): pagamento lançado como R\$ 1\.001,00\./);
}

describe("npm run reconcile (as a process)", () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "PostgreSQL: exits 0 on the demo data, names a row altered by hand and exits 1",
    async () => {
      await seedDemoData();
      const url = (testConnection().pool!.options as { connectionString: string }).connectionString;
      const env = { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "fs-reconcile-")) };
      const ok = await runReconcile(env);
      await alterByHand();
      expectBoth(ok, await runReconcile(env));
    },
    120_000,
  );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    "embedded database: exits 0 on the demo data, names a row altered by hand and exits 1",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-reconcile-"));
      const folder = path.join(dataDir, "pglite");
      const withFolder = async (work: () => Promise<void>) => {
        const test = getConnection();
        const conn = await openPglite({ dataDir: folder });
        setConnection(conn);
        try {
          await migrateDatabase(conn);
          await work();
        } finally {
          setConnection(test);
          await conn.close();
        }
      };
      await withFolder(() => seedDemoData().then(() => undefined));
      const ok = await runReconcile({ DATA_DIR: dataDir });
      await withFolder(alterByHand);
      expectBoth(ok, await runReconcile({ DATA_DIR: dataDir }));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    180_000,
  );
});
