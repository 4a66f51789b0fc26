/**
 * Live events coalesced (issue 32 item 5): a burst of gifts on one party reaches each stream as at
 * most one message per 250 ms, and the last message carries the totals after the last gift — on
 * the guests' party stream and on the creator's /painel stream.
 */
import { useTestDatabase } from "@tests/database";
import { insertCause, insertParty, insertUser } from "@tests/parties";
import { sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { describe, expect, it } from "vitest";
import { createDonationPaidFanout } from "~/domain/donations/index.server";
import { LIVE_MESSAGE_INTERVAL_MS } from "~/platform/coalesce";
import { ownerDonationStream } from "./owner-event-stream.server";
import { partyGiftStream } from "./party-event-stream.server";

useTestDatabase();

/** Collects a stream's events (name, data, arrival time) in the background. */
function collect(stream: ReadableStream<Uint8Array>) {
  const events: Array<{ event: string; data: Record<string, unknown>; at: number }> = [];
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let i;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {}, at: performance.now() });
      }
    }
  })();
  return events;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe("a burst of gifts on one party", () => {
  it("reaches each stream as at most one message per 250 ms, the last one with the final totals", async () => {
    const owner = await insertUser("Dona da Festa");
    const cause = await insertCause();
    const party = await insertParty({ userId: owner.id, causeId: cause.id, shareCode: "burst1" });
    const abort = new AbortController();
    // The streams hear this test's fan-out, fed by hand below.
    const fanout = createDonationPaidFanout(async () => {});
    const guests = collect(partyGiftStream(party.id, abort.signal, { subscribe: fanout.subscribeParty }));
    const creator = collect(ownerDonationStream(owner.id, abort.signal, { subscribe: fanout.subscribe }));
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(check()).toBe(true);
    };
    await waitFor(() => guests.some((e) => e.event === "snapshot") && creator.some((e) => e.event === "ready"));
    const connectSnapshots = guests.length;

    // The gifts are paid in chunks, each chunk's announcements heard at once right after its
    // commits, as the paid-event batcher sends a batch's (the embedded database's own NOTIFY
    // delivery comes in clumps here, which would not make a steady burst).
    const GIFTS = 120;
    let expectedCents = 0;
    const startedAt = performance.now();
    for (let chunk = 0; chunk < GIFTS / 10; chunk++) {
      const paid = Array.from({ length: 10 }, (_, i) => ({ id: crypto.randomUUID(), amountCents: 1_000 + chunk * 10 + i }));
      const sum = paid.reduce((n, g) => n + g.amountCents, 0);
      expectedCents += sum;
      const rows = JSON.stringify(paid);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into donations (id, party_id, organization_id, amount_cents, status, anonymous, donor_name, donor_email, provider, idempotency_key)
          select (g->>'id')::uuid, ${party.id}, ${party.organizationId}, (g->>'amountCents')::int, 'paga', false, 'Convidado', 'convidado@exemplo.com.br', 'sandbox', 'burst_' || (g->>'id')
          from json_array_elements(${rows}::json) g`);
        await tx.execute(sql`update parties set raised_cents = raised_cents + ${sum}, paid_count = paid_count + 10 where id = ${party.id}`);
      });
      for (const gift of paid) {
        fanout.dispatch(JSON.stringify({ donationId: gift.id, partyId: party.id, ownerUserId: owner.id, amountCents: gift.amountCents }));
      }
      await new Promise((r) => setTimeout(r, 20)); // ~10 chunks per 250 ms
    }
    const burstMs = performance.now() - startedAt;
    const finalSnapshot = () => guests.filter((e) => e.event === "snapshot").at(-1)?.data;
    const finalDonation = () => creator.filter((e) => e.event === "donation").at(-1)?.data;
    await waitFor(() => finalSnapshot()?.paidCount === GIFTS && finalDonation()?.paidCount === GIFTS);
    await new Promise((r) => setTimeout(r, 2 * LIVE_MESSAGE_INTERVAL_MS)); // nothing more may follow
    abort.abort();

    const snapshots = guests.filter((e) => e.event === "snapshot").slice(connectSnapshots);
    const donations = creator.filter((e) => e.event === "donation");
    console.log(
      `[live] ${GIFTS} gifts in ${Math.round(burstMs)} ms → ${snapshots.length} party snapshots, ${donations.length} creator events ` +
        `(min gap ${Math.round(Math.min(...gaps(snapshots.map((s) => s.at))))} / ${Math.round(Math.min(...gaps(donations.map((d) => d.at))))} ms)`,
    );
    // At most one per interval (a little slack for timers), far fewer than one per gift.
    const most = Math.ceil(burstMs / LIVE_MESSAGE_INTERVAL_MS) + 2;
    expect(snapshots.length).toBeLessThanOrEqual(most);
    expect(donations.length).toBeLessThanOrEqual(most);
    expect(snapshots.length).toBeLessThan(GIFTS / 2);
    // Spacing is measured where the test reads, after the event loop's own delays: one message held
    // back on a loaded machine shortens the gap after it (CI saw 195 ms). The exact spacing is the
    // coalescer's, checked on a fake clock in app/platform/coalesce.test.ts; here the mean gap.
    for (const stream of [snapshots, donations]) {
      const span = stream.at(-1)!.at - stream[0]!.at;
      expect(span / (stream.length - 1)).toBeGreaterThanOrEqual(LIVE_MESSAGE_INTERVAL_MS - 25);
    }
    // The last message of each stream carries the totals after the last gift.
    expect(snapshots.at(-1)!.data).toMatchObject({ raisedCents: expectedCents, paidCount: GIFTS });
    expect(donations.at(-1)!.data).toMatchObject({
      partyId: party.id,
      raisedCents: expectedCents,
      paidCount: GIFTS,
      amountCents: 1_000 + GIFTS - 1,
    });
    // Every gift is accounted for in the creator's events.
    expect(donations.reduce((n, d) => n + (d.data.gifts as number), 0)).toBe(GIFTS);
  });
});
