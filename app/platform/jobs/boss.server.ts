/**
 * pg-boss, the job runner of the server process, on whichever database the app uses: it shares
 * the node-postgres pool, or talks to PGlite through its one connection.
 */
import type { PGlite } from "@electric-sql/pglite";
import { createRequire } from "node:module";
import type PgBossType from "pg-boss";
import type { Connection } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

export type Boss = PgBossType;
type Result = { rows: unknown[]; fields?: unknown[] };

/**
 * pg-boss sends either one parameterised statement or a multi-statement script wrapped in its
 * own BEGIN … COMMIT. On PGlite a failing script would leave the only connection inside an
 * aborted transaction, so scripts run under PGlite's transaction API, which holds the connection
 * and rolls back on error (its extra BEGIN/COMMIT around the script's own are harmless warnings).
 */
export function pgliteExecutor(pglite: PGlite) {
  return async (text: string, values?: unknown[]): Promise<Result> => {
    if (values && values.length > 0) return pglite.query(text, values as never[]);
    if (!/\bBEGIN\b/i.test(text)) return lastResult(await pglite.exec(text));
    return pglite.transaction(async (tx) => lastResult(await tx.exec(text)));
  };
}

/** The last result that carries rows (a SELECT or RETURNING), else the last one. */
function lastResult(results: Result[]): Result {
  return [...results].reverse().find((r) => r.fields && r.fields.length > 0) ?? results.at(-1) ?? { rows: [] };
}

/**
 * pg-boss 10 records a job's outcome without waiting for it: its worker calls `this.complete(…)`
 * and `this.fail(…)` and drops the promise (timgit/pg-boss#577; 11 awaits them, but needs Node 22).
 * When the database goes away between a job and that write, the rejection is unhandled and Node
 * ends the process: an instance died whenever a PostgreSQL outage overlapped a job (the log test's
 * outage loop then read "other side closed"). Marking those promises handled keeps the process up;
 * callers that await them still get the error. The job, left `active`, is retried once it expires,
 * as after a crash.
 */
const OUTCOME_WRITES = ["complete", "fail"] as const;
const guarded = Symbol.for("festa.pgBossOutcomeWritesGuarded");

function guardJobOutcomeWrites() {
  const Manager = createRequire(import.meta.url)("pg-boss/src/manager.js") as {
    prototype: Record<string | symbol, unknown>;
  };
  const proto = Manager.prototype;
  if (proto[guarded]) return;
  for (const name of OUTCOME_WRITES) {
    const write = proto[name] as (...args: unknown[]) => Promise<unknown>;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const result = write.apply(this, args);
      result.catch((error: unknown) =>
        logger.warn({ err: error, queue: args[0] }, `pg-boss could not record a job's outcome (${name}); it is retried when it expires`),
      );
      return result;
    };
    // PgBoss exposes the manager's methods under their function names (`boss.fail`,
    // `boss.complete`): the wrapper must keep the name, or those vanish from the instance.
    Object.defineProperty(wrapped, "name", { value: name });
    proto[name] = wrapped;
  }
  proto[guarded] = true;
}

export async function startBoss(connection: Connection): Promise<Boss> {
  const { default: PgBoss } = await import("pg-boss");
  guardJobOutcomeWrites();
  const executeSql =
    connection.kind === "pglite"
      ? pgliteExecutor(connection.pglite!)
      : (text: string, values?: unknown[]) => connection.pool!.query(text, values);
  const boss = new PgBoss({ db: { executeSql }, schema: "pgboss" });
  boss.on("error", (error) => logger.error({ err: error }, "pg-boss error"));
  await boss.start();
  return boss;
}

export async function stopBoss(boss: Boss) {
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
}
