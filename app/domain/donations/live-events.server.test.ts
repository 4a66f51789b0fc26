import { testConnection, useTestDatabase } from "@tests/database";
import { insertCause, insertParty, insertPaidGift, insertUser } from "@tests/parties";
import { describe, expect, it, vi } from "vitest";
import { createDonationPaidFanout, type DonationPaidEvent, donationPaidFanout } from "./live-events.server";

useTestDatabase();

const waitFor = (fn: () => boolean, ms = 5_000) =>
  vi.waitFor(
    () => {
      if (!fn()) throw new Error("not yet");
    },
    { timeout: ms, interval: 20 },
  );

describe("donation_paid fan-out", () => {
  it("a donor's Pix page hears only its own gift, a gift without a party too; no creator hears a gift without a party", async () => {
    let deliver: (payload: string) => void = () => {};
    const fanout = createDonationPaidFanout(async (_c, cb) => {
      deliver = cb;
    });
    const page: string[] = [];
    const owner: string[] = [];
    const off = await fanout.subscribeToDonation("gift-1", (e) => page.push(e.donationId));
    await fanout.subscribe("user-a", (e) => owner.push(e.donationId));
    deliver(JSON.stringify({ donationId: "gift-2", partyId: null, ownerUserId: null, amountCents: 500 }));
    deliver(JSON.stringify({ donationId: "gift-1", partyId: null, ownerUserId: null, amountCents: 500 }));
    deliver(JSON.stringify({ donationId: "gift-3", partyId: "p", ownerUserId: "user-a", amountCents: 500 }));
    expect(page).toEqual(["gift-1"]);
    expect(owner).toEqual(["gift-3"]);
    off();
    expect(fanout.subscriberCount()).toBe(1);
  });

  it("starts one LISTEN for all subscribers and routes each event only to its owner's subscribers", async () => {
    let deliver: (payload: string) => void = () => {};
    const listen = vi.fn(async (_channel: string, cb: (p: string) => void) => {
      deliver = cb;
    });
    const fanout = createDonationPaidFanout(listen);
    const a: DonationPaidEvent[] = [];
    const b: DonationPaidEvent[] = [];
    const a2: DonationPaidEvent[] = [];
    const offA = await fanout.subscribe("user-a", (e) => a.push(e));
    await fanout.subscribe("user-b", (e) => b.push(e));
    await fanout.subscribe("user-a", (e) => a2.push(e));
    expect(listen).toHaveBeenCalledTimes(1);
    expect(listen.mock.calls[0]![0]).toBe("donation_paid");

    deliver(JSON.stringify({ donationId: "d1", partyId: "p-b", ownerUserId: "user-b", amountCents: 500 }));
    deliver(JSON.stringify({ donationId: "d2", partyId: "p-a", ownerUserId: "user-a", amountCents: 700 }));
    deliver("not json");
    expect(b.map((e) => e.donationId)).toEqual(["d1"]);
    expect(a.map((e) => e.donationId)).toEqual(["d2"]);
    expect(a2.map((e) => e.donationId)).toEqual(["d2"]);

    offA();
    deliver(JSON.stringify({ donationId: "d3", partyId: "p-a", ownerUserId: "user-a", amountCents: 100 }));
    expect(a).toHaveLength(1);
    expect(a2).toHaveLength(2);
    expect(fanout.subscriberCount()).toBe(2);
  });

  it("tries LISTEN again for the next subscriber when it failed", async () => {
    const listen = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValue(undefined);
    const fanout = createDonationPaidFanout(listen);
    await expect(fanout.subscribe("u", () => {})).rejects.toThrow("down");
    await fanout.subscribe("u", () => {});
    expect(listen).toHaveBeenCalledTimes(2);
    expect(fanout.subscriberCount()).toBe(1);
  });

  it("never carries user B's paid gifts to user A's stream (through the database NOTIFY)", async () => {
    const userA = await insertUser("Ana");
    const userB = await insertUser("Bruno");
    const cause = await insertCause();
    const partyA = await insertParty({ userId: userA.id, causeId: cause.id });
    const partyB = await insertParty({ userId: userB.id, causeId: cause.id });
    const fanout = donationPaidFanout(testConnection());
    const seenA: DonationPaidEvent[] = [];
    const seenB: DonationPaidEvent[] = [];
    await fanout.subscribe(userA.id, (e) => seenA.push(e));
    await fanout.subscribe(userB.id, (e) => seenB.push(e));

    await insertPaidGift(partyB.id, { amountCents: 2500 });
    await insertPaidGift(partyB.id, { amountCents: 1500 });
    await insertPaidGift(partyA.id, { amountCents: 1000 });
    await waitFor(() => seenA.length === 1 && seenB.length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(seenA).toEqual([expect.objectContaining({ partyId: partyA.id, ownerUserId: userA.id, amountCents: 1000 })]);
    expect(seenB.every((e) => e.ownerUserId === userB.id && e.partyId === partyB.id)).toBe(true);
  });
});
