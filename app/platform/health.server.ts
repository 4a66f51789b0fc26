import { getConnection } from "~/platform/db.server";

/** Tracks whether the database answers, so requests fail fast (503) while it is down. */
class DatabaseHealth {
  private down = false;
  private timer: NodeJS.Timeout | undefined;

  isDown() {
    return this.down;
  }

  async check(): Promise<boolean> {
    const up = await getConnection().reachable();
    this.down = !up;
    return up;
  }

  /** Probes every few seconds; the server recovers by itself when the database is back. */
  start(intervalMs = 2_000) {
    this.stop();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

export const databaseHealth = new DatabaseHealth();

/** Errors that mean "the database is unreachable" rather than a bug. */
export function isDatabaseDownError(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code && ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001", "08003"].includes(e.code)) return true;
  if (
    typeof e.message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/.test(e.message)
  )
    return true;
  return e.cause ? isDatabaseDownError(e.cause) : false;
}

// The requests whose loader or action met the database down (handleError marks their load context):
// a page, a client-side data request or a resource route (the receipt PDF) answers 503, not 500,
// in the second before the probe notices (issue 31).
const metDatabaseDown = new WeakSet<object>();

export function markDatabaseDown(context: object) {
  metDatabaseDown.add(context);
}

export function hitDatabaseDown(context: object): boolean {
  return metDatabaseDown.has(context);
}
