import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { afterEach, describe, expect, it } from "vitest";
import type { Connection } from "~/platform/db.server";
import { type Boss, pgliteExecutor, startBoss, stopBoss } from "./boss.server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let boss: Boss | undefined;
let onUnhandled: ((reason: unknown) => void) | undefined;
afterEach(async () => {
  if (onUnhandled) process.off("unhandledRejection", onUnhandled);
  if (boss) await stopBoss(boss);
  boss = onUnhandled = undefined;
});

/** The test database behind a switch: while `down`, every query fails as if PostgreSQL were gone. */
function switchableConnection() {
  const real = testConnection();
  const run = real.kind === "pglite" ? pgliteExecutor(real.pglite!) : (text: string, values?: unknown[]) => real.pool!.query(text, values);
  const state = { down: false };
  const connection = {
    kind: "postgres",
    pool: {
      query: (text: string, values?: unknown[]) =>
        state.down
          ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))
          : run(text, values),
    },
  } as unknown as Connection;
  return { connection, state };
}

describe("pg-boss during a database outage", () => {
  // pg-boss 10 does not await the write of a job's outcome (timgit/pg-boss#577): unguarded, the
  // failed write is an unhandled rejection, which ends a Node process (the log test's server died so).
  it.each([
    ["completed", false],
    ["failed", true],
  ])("a job %s while the database goes away leaves no unhandled rejection behind", async (_, jobThrows) => {
    const unhandled: unknown[] = [];
    onUnhandled = (reason) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);

    const { connection, state } = switchableConnection();
    boss = await startBoss(connection);
    const queue = "outage-test";
    await boss.createQueue(queue);
    let ran = 0;
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
      ran++;
      state.down = true; // the database goes away while the job runs
      if (jobThrows) throw new Error("the job failed as well");
    });
    await boss.send(queue, {});
    const until = Date.now() + 10_000;
    while (ran === 0 && Date.now() < until) await sleep(50);
    expect(ran).toBe(1);
    await sleep(300); // the outcome's write has failed by now
    state.down = false;

    expect(unhandled.map(String)).toEqual([]);
  });
});
