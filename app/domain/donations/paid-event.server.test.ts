import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift, partyTotals } from "@tests/donations";
import { describe, expect, it } from "vitest";
import { applyPaidEvent } from "./paid-event.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

// The paying statement's own answers; the whole paid path is payment-events.server.test.ts.
describe("applyPaidEvent", () => {
  it("answers a repeat of a paid event from the paying statement alone, and leaves a new event for a paid gift to the general path", async () => {
    const { party } = await givingSetup();
    const gift = await insertPendingGift(party.id, { amountCents: 3000 });
    const paid = donationEvent(gift, "paid");
    const options = { feePercent: testDeps().config.PLATFORM_FEE_PERCENT, publicUrl: testDeps().config.PUBLIC_URL };
    expect((await applyPaidEvent(paid, options))?.outcome).toBe("applied");
    // null would send it through a transaction of its own to get the same answer.
    expect(await applyPaidEvent(paid, options)).toEqual({ outcome: "duplicate" });
    const another = { ...paid, id: `${paid.id}-again` };
    expect(await applyPaidEvent(another, options)).toBeNull();
    expect((await processPaymentEvent(another, testDeps())).outcome).toBe("ignored"); // the state machine's answer
    expect(await partyTotals(party.id)).toMatchObject({ raisedCents: 3000, paidCount: 1 });
  });
});
