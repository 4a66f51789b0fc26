/**
 * Starts (issue 18): instances started together on an empty PostgreSQL database. Everything that
 * creates schema (our migrations, pg-boss's own schema, the first queues and schedules) runs
 * under one advisory lock, so neither crashes on `pg_namespace_nspname_index` or a half-made
 * table. Ten rounds of two instances at once, each on a brand-new database: both serve.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createFaultDb, type FaultDb, PG_URL, type ServerProcess, startServer } from "./support/harness";

if (!PG_URL) console.log("[faults] concurrent starts skipped: needs TEST_DATABASE_URL (PostgreSQL).");

const ROUNDS = Number(process.env.FAULTS_START_ROUNDS ?? 10);
let servers: ServerProcess[] = [];
let db: FaultDb | undefined;

afterEach(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.drop();
  servers = [];
  db = undefined;
});

describe.runIf(Boolean(PG_URL))("two instances starting at once on an empty PostgreSQL database", () => {
  it(`both serve, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
    const failures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const t0 = Date.now();
      db = await createFaultDb("pg", { empty: true });
      const started = await Promise.allSettled([startServer(db), startServer(db)]);
      servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      for (const s of started) if (s.status === "rejected") failures.push(`round ${round}: ${String(s.reason).slice(0, 600)}`);
      for (const server of servers) {
        // A page that reads the database (pg-boss's and our tables exist) and a healthy probe.
        const page = await fetch(`${server.url}/causas`);
        await page.arrayBuffer();
        if (page.status !== 200) failures.push(`round ${round}: /causas answered ${page.status}`);
      }
      await Promise.all(servers.map((s) => s.stop()));
      for (const server of servers) {
        if (server.proc.exitCode !== 0) failures.push(`round ${round}: exit ${server.proc.exitCode} ${server.output().slice(-400)}`);
      }
      console.log(`[faults] concurrent starts round ${round}: ${Date.now() - t0} ms, ${failures.length} failures so far`);
      servers = [];
      await db.drop();
      db = undefined;
    }
    expect(failures).toEqual([]);
  });
});
