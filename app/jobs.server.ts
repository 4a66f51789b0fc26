import type { Connection } from "~/db.server";

/**
 * Background work that runs inside the server process (e-mail outbox, expiring pending gifts…).
 * Each feature registers a starter here; the returned function stops them all.
 */
export async function startBackgroundJobs(_connection: Connection): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
}
