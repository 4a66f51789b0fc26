/**
 * Fault (a): the server is SIGKILLed in the middle of a burst of 500 signed sandbox payment
 * events and started again. Like a real provider, the sender redelivers every event that did not
 * get a 2xx (plus some that did). Afterwards every gift is paid exactly once and the totals are
 * exact. On PostgreSQL and on PGlite.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createFaultDb,
  DB_KINDS,
  deliver,
  expectExactlyOnce,
  type FaultDb,
  paidEventBody,
  pool,
  seedPendingGifts,
  type ServerProcess,
  startServer,
} from "./support/harness";

const GIFTS = 500;
const KILL_AFTER_ACKS = 150;
let server: ServerProcess | undefined;
let db: FaultDb | undefined;

afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

describe.each(DB_KINDS)("SIGKILL in the middle of 500 payment events (%s)", (kind) => {
  it("after restart and redelivery every gift is paid exactly once, totals exact", async () => {
    db = await createFaultDb(kind);
    const seedConn = await db.open();
    const { gifts, partyIds } = await seedPendingGifts(seedConn, GIFTS, { creatorEmails: "cada" });
    if (kind === "pglite") await seedConn.close();

    server = await startServer(db);
    const bodies = new Map(gifts.map((g) => [g.id, paidEventBody(g)]));
    const acked = new Set<string>();
    let killed = false;
    let connectionErrors = 0;
    const started = Date.now();

    // The burst: 16 in flight; the moment 150 are acknowledged the process dies, mid-request.
    await pool(
      gifts,
      16,
      async (gift) => {
        try {
          const status = await deliver(server!.url, bodies.get(gift.id)!);
          if (status >= 200 && status < 300) acked.add(gift.id);
        } catch {
          connectionErrors++;
        }
        if (!killed && acked.size >= KILL_AFTER_ACKS) {
          killed = true;
          await server!.kill("SIGKILL");
        }
      },
      () => killed,
    );
    expect(killed).toBe(true);
    const ackedAtKill = acked.size;

    server = await startServer(db, {}, server.port);
    const restartedAfterMs = Date.now() - started;

    // Redelivery: everything not acknowledged, plus 50 that were (providers deliver at least once).
    const redeliver = [...gifts.filter((g) => !acked.has(g.id)), ...gifts.filter((g) => acked.has(g.id)).slice(0, 50)];
    const statuses = new Map<number, number>();
    await pool(redeliver, 16, async (gift) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const status = await deliver(server!.url, bodies.get(gift.id)!);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 200 && status < 300) return;
        } catch {
          // retried below
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`event for ${gift.id} never acknowledged`);
    });
    expect([...statuses.keys()]).toEqual([200]);

    await server.stop();
    server = undefined;
    const conn = kind === "pglite" ? await db.open() : seedConn;
    try {
      const result = await expectExactlyOnce(conn, gifts, partyIds);
      console.log(
        `[faults] ${kind}: killed after ${ackedAtKill} acknowledged (${connectionErrors} requests cut), restarted in ${restartedAfterMs} ms, ` +
          `${redeliver.length} redelivered → ${result.paid}/${GIFTS} paid, ${result.moves} moves to paga, ${result.events} events, ${result.emails} e-mails`,
      );
      expect(result.paid).toBe(GIFTS);
      expect(result.moves).toBe(GIFTS);
      expect(result.distinctMoves).toBe(GIFTS);
      expect(result.events).toBe(GIFTS);
      // A receipt for the donor and a note to the creator, each once.
      expect(result.emails).toBe(2 * GIFTS);
      for (const t of result.totals) {
        expect(t.raised, t.party).toBe(t.expectedRaised);
        expect(t.count, t.party).toBe(t.expectedCount);
      }
    } finally {
      await conn.close();
    }
  });
});
