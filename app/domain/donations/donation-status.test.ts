import { describe, expect, it } from "vitest";
import { DONATION_STATUSES, nextDonationStatus } from "./donation-status";
import type { DonationEventAction } from "~/domain/payments/types";

const ACTIONS: DonationEventAction[] = ["paid", "failed", "canceled", "refunded", "disputed"];

// The whole table, so any change to the state machine shows up here.
const EXPECTED: Record<string, Partial<Record<DonationEventAction, string>>> = {
  pendente: { paid: "paga", failed: "falhou", canceled: "cancelada", refunded: "reembolsada", disputed: "contestada" },
  paga: { refunded: "reembolsada", disputed: "contestada" },
  falhou: {},
  cancelada: {},
  reembolsada: {},
  contestada: {},
};

describe("nextDonationStatus", () => {
  for (const from of DONATION_STATUSES) {
    for (const action of ACTIONS) {
      const expected = EXPECTED[from]![action] ?? null;
      it(`${from} + ${action} → ${expected ?? "ignored"}`, () => {
        expect(nextDonationStatus(from, action)).toBe(expected);
      });
    }
  }

  it("a gift our expiry job cancelled still takes the provider's confirmation", () => {
    expect(nextDonationStatus("cancelada", "paid", true)).toBe("paga");
    expect(nextDonationStatus("cancelada", "refunded", true)).toBe("reembolsada");
    expect(nextDonationStatus("cancelada", "failed", true)).toBeNull();
    expect(nextDonationStatus("cancelada", "canceled", true)).toBeNull();
  });
});
