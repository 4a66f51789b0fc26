/**
 * `/healthz` says the process is alive (no database work: a liveness probe must not restart
 * instances because the database is down). `/readyz` says this instance should get traffic:
 * the database answers, every migration in drizzle/meta/_journal.json is applied, and the
 * instance is not shutting down.
 *
 * The stop on SIGTERM (platform/http/http-server.server.ts) flips `isStopping()` first thing, so the
 * balancer stops sending new requests while those in flight finish.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { getConnection, MIGRATIONS_FOLDER } from "~/platform/db.server";

let latestMigration: number | undefined;
/** The `when` of the newest migration this build ships (what Drizzle's migrator compares). */
function latestShippedMigration(): number {
  if (latestMigration === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ when: number }>;
    };
    latestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return latestMigration;
}

type Readiness = {
  ready: boolean;
  database: "up" | "down" | "unchecked";
  migrations: "applied" | "pending" | "unknown";
  shuttingDown: boolean;
};

async function checkReadiness(shuttingDown: boolean, timeoutMs = 2_000): Promise<Readiness> {
  if (shuttingDown) return { ready: false, database: "unchecked", migrations: "unknown", shuttingDown: true };
  let timer: NodeJS.Timeout | undefined;
  try {
    // One query proves both: the database answers and holds the migrations table.
    const query = getConnection().db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    });
    const result = (await Promise.race([query, timeout])) as unknown as { rows: Array<{ latest: string | number | null }> };
    const applied = Number(result.rows[0]?.latest ?? 0);
    const upToDate = applied >= latestShippedMigration();
    return { ready: upToDate, database: "up", migrations: upToDate ? "applied" : "pending", shuttingDown: false };
  } catch {
    return { ready: false, database: "down", migrations: "unknown", shuttingDown: false };
  } finally {
    clearTimeout(timer);
  }
}

export const healthzEndpoint: RequestHandler = (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
};

/** `/readyz`; `isStopping` says whether this process has begun to stop. */
export const readyzEndpoint =
  (isStopping: () => boolean): RequestHandler =>
  async (_req, res) => {
    const readiness = await checkReadiness(isStopping());
    res.setHeader("Cache-Control", "no-store");
    if (!readiness.ready) res.setHeader("Retry-After", "5");
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? "ready" : "unavailable", ...readiness });
  };
