import { useTestDatabase } from "@tests/database";
import { givingSetup, insertPendingPixGift } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import type { DonationPaidSubscriber } from "./live-events.server";
import { pixPaidStream } from "./pix-live.server";

useTestDatabase();

async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += new TextDecoder().decode(value);
  }
}

describe("the Pix page's live stream", () => {
  it("says 'paga' when its gift is announced, then ends; nothing for another gift", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id);
    let announce: DonationPaidSubscriber = () => {};
    let released = 0;
    const stream = pixPaidStream(gift.id, new AbortController().signal, {
      subscribe: async (id, fn) => {
        expect(id).toBe(gift.id);
        announce = fn;
        return () => {};
      },
      slot: { onStop: () => {}, release: () => released++ },
    });
    const text = readAll(stream);
    await new Promise((r) => setTimeout(r, 50));
    announce({ donationId: gift.id, partyId: party.id, ownerUserId: null, amountCents: 5000 });
    expect(await text).toBe("retry: 3000\n\nevent: paga\ndata: {}\n\n");
    expect(released).toBe(1);
  });

  it("a gift already paid when the page connects is announced at once", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id);
    await db.update(schema.donations).set({ status: "paga" }).where(eq(schema.donations.id, gift.id));
    const stream = pixPaidStream(gift.id, new AbortController().signal, { subscribe: async () => () => {} });
    expect(await readAll(stream)).toContain("event: paga");
  });

  it("a payment whose announcement was lost is seen at the next keep-alive", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingPixGift(party.id);
    const stream = pixPaidStream(gift.id, new AbortController().signal, { subscribe: async () => () => {}, keepAliveMs: 100 });
    const text = readAll(stream);
    await new Promise((r) => setTimeout(r, 150));
    // Paid, and nobody told the stream.
    await db.update(schema.donations).set({ status: "paga" }).where(eq(schema.donations.id, gift.id));
    expect(await text).toMatch(/keep-alive[\s\S]*event: paga/);
  });
});
