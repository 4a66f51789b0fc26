import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, donationRow, expireAsStale, givingSetup, historyOf, insertPendingGift, partyTotals } from "@tests/donations";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

describe("expireStalePendingDonations", () => {
  it("cancels pending gifts older than the cutoff, with a history row and no event id", async () => {
    const { party } = await givingSetup();
    const old = await insertPendingGift(party.id);
    const fresh = await insertPendingGift(party.id);
    const paid = await insertPendingGift(party.id);
    await processPaymentEvent(donationEvent(paid, "paid"), testDeps());

    expect(await expireAsStale(old.id, paid.id)).toBe(1);
    expect((await donationRow(old.id)).status).toBe("cancelada");
    expect((await donationRow(fresh.id)).status).toBe("pendente");
    expect((await donationRow(paid.id)).status).toBe("paga");
    expect((await historyOf(old.id)).at(-1)).toMatchObject({ fromStatus: "pendente", toStatus: "cancelada", providerEventId: null });
  });

  it("a payment confirmed after our expiry still counts", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 4000 });
    await expireAsStale(gift.id);
    expect((await processPaymentEvent(donationEvent(gift, "paid"), testDeps())).outcome).toBe("applied");
    expect((await donationRow(gift.id)).status).toBe("paga");
    expect(await partyTotals(party.id)).toEqual({ raisedCents: 4000, paidCount: 1 });
  });

  it("a gift the provider cancelled does not come back", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id);
    await processPaymentEvent(donationEvent(gift, "canceled"), testDeps());
    expect((await processPaymentEvent(donationEvent(gift, "paid"), testDeps())).outcome).toBe("ignored");
    expect((await donationRow(gift.id)).status).toBe("cancelada");
  });
});
