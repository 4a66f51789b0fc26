/**
 * Fault (b): PostgreSQL goes down under load (stopped, held down 5 s, started again). While it is
 * down, pages answer 503 at once instead of hanging; the server recovers by itself (no restart);
 * the provider's webhook deliveries that failed are redelivered and every gift ends paid exactly
 * once; the live /painel stream works again.
 *
 * It stops the machine's PostgreSQL, so it runs only with FAULTS_RESTART_PG=1 (.ci/run sets it).
 * FAULTS_PG_CTL is the command that takes `stop` / `start` (default: pg_ctlcluster on the one
 * cluster in /etc/postgresql).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFaultDb,
  deliver,
  expectExactlyOnce,
  type FaultDb,
  openEventStream,
  paidEventBody,
  pool,
  PG_URL,
  seedPendingGifts,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  userIdByEmail,
  waitUntil,
} from "./support/harness";

const enabled = process.env.FAULTS_RESTART_PG === "1" && Boolean(PG_URL);
if (!enabled)
  console.log(
    "[faults] PostgreSQL restart skipped: set FAULTS_RESTART_PG=1 and TEST_DATABASE_URL (it stops the machine's PostgreSQL; .ci/run does).",
  );

const DOWN_MS = 5_000;
const GIFTS = 300;

function pgCtl(action: "stop" | "start") {
  const base =
    process.env.FAULTS_PG_CTL ??
    `pg_ctlcluster --skip-systemctl-redirect ${fs.readdirSync("/etc/postgresql").find((d) => /^\d+$/.test(d))} main`;
  execSync(`${base} ${action}`, { stdio: "pipe", timeout: 60_000 });
}

let server: ServerProcess | undefined;
let db: FaultDb | undefined;

afterEach(async (ctx) => {
  if ((ctx.task.result?.state === "fail" || process.env.FAULTS_VERBOSE) && server)
    console.log(`[faults] server output:\n${server.output()}`);
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

type Sample = { at: number; ms: number; status: number | "error" };

describe.runIf(enabled)("PostgreSQL restarted under load", () => {
  it("fails fast with 503 while down, recovers by itself, loses nothing", async () => {
    db = await createFaultDb("pg");
    server = await startServer(db);
    const email = `festeira-${Date.now().toString(36)}@exemplo.com.br`;
    const cookie = await signUp(server, email);
    const conn = await db.open();
    const ownerId = await userIdByEmail(conn, email);
    const { gifts, partyIds, codes } = await seedPendingGifts(conn, GIFTS + 1, { ownerId, creatorEmails: "cada" });
    const burst = gifts.slice(0, GIFTS);
    const late = gifts[GIFTS]!;

    const pages: Sample[] = [];
    let loading = true;
    const pageLoad = Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        while (loading) {
          const t0 = Date.now();
          try {
            const res = await fetch(`${server!.url}/festa/${codes[w % codes.length]}`, { signal: AbortSignal.timeout(20_000) });
            await res.arrayBuffer();
            pages.push({ at: t0, ms: Date.now() - t0, status: res.status });
          } catch {
            pages.push({ at: t0, ms: Date.now() - t0, status: "error" });
          }
          await sleep(50);
        }
      }),
    );

    // The provider: delivers each event, retrying after anything but 2xx. It paces itself (8 in
    // flight, 100 ms apart: ~80 events/s, ~4 s for the burst) so the burst spans the outage, which
    // starts 1.5 s in; unpaced, the faster paid-event path answers all of it before PostgreSQL stops.
    const webhookStatuses = new Map<string, number>();
    const deliveries = pool(burst, 8, async (gift) => {
      await sleep(100);
      const body = paidEventBody(gift);
      for (let attempt = 0; attempt < 200; attempt++) {
        let status: number | "error";
        try {
          status = await deliver(server!.url, body, 20_000);
        } catch {
          status = "error";
        }
        webhookStatuses.set(String(status), (webhookStatuses.get(String(status)) ?? 0) + 1);
        if (typeof status === "number" && status >= 200 && status < 300) return;
        await sleep(300);
      }
      throw new Error(`event for ${gift.id} never acknowledged`);
    });

    await sleep(1_500);
    const downAt = Date.now();
    pgCtl("stop");
    await sleep(DOWN_MS);
    pgCtl("start");
    const upAt = Date.now();
    // /healthz only says the process is alive; /readyz says the database answers again.
    await waitUntil("/readyz ok again", async () => (await fetch(`${server!.url}/readyz`)).ok, 60_000, 200);
    const recoveredMs = Date.now() - upAt;

    await deliveries;
    await sleep(1_000);
    loading = false;
    await pageLoad;

    // While down (once the first failures told the server): only 503s, each answered fast.
    const whileDown = pages.filter((p) => p.at > downAt + 3_000 && p.at + p.ms < upAt);
    const slowest = Math.max(...whileDown.map((p) => p.ms));
    const statuses = [...new Set(whileDown.map((p) => p.status))];
    const afterwards = pages.filter((p) => p.at > upAt + recoveredMs);
    const firstMoments = [...new Set(pages.filter((p) => p.at >= downAt - 500 && p.at <= downAt + 3_000).map((p) => p.status))];
    console.log(
      `[faults] pg restart: down ${DOWN_MS} ms; ${whileDown.length} page requests while down → ${JSON.stringify(statuses)}, slowest ${slowest} ms; ` +
        `(first 3 s: ${JSON.stringify(firstMoments)}); healthy ${recoveredMs} ms after start; webhook answers ${JSON.stringify(Object.fromEntries(webhookStatuses))}; ${afterwards.length} requests after → ${JSON.stringify([...new Set(afterwards.map((p) => p.status))])}`,
    );
    expect(whileDown.length).toBeGreaterThan(10);
    expect(statuses).toEqual([503]);
    expect(slowest).toBeLessThan(3_000);
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.every((p) => p.status === 200)).toBe(true);
    expect(server.proc.exitCode).toBeNull(); // recovered without a restart
    // The provider only ever hears "done" or "come back later", never a crash.
    expect([...webhookStatuses.keys()].sort()).toEqual(["200", "503"]);
    expect(firstMoments.every((s) => s === 200 || s === 503)).toBe(true);

    const result = await expectExactlyOnce(conn, burst, partyIds);
    expect(result.paid).toBe(GIFTS);
    expect(result.moves).toBe(GIFTS);
    expect(result.events).toBe(GIFTS);
    expect(result.emails).toBe(2 * GIFTS);
    for (const t of result.totals) expect(t.raised, t.party).toBe(t.expectedRaised);

    // The live stream works again (the LISTEN connection came back).
    const stream = await openEventStream(server, cookie);
    try {
      expect(await deliver(server.url, paidEventBody(late))).toBe(200);
      await waitUntil(
        "the late gift on the live stream",
        () => stream.events.some((e) => e.event === "donation" && e.data.includes(late.id)),
        15_000,
        100,
      );
    } finally {
      stream.close();
      await conn.close();
    }
  });
});
