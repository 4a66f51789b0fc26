import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { insertCause, insertParty, insertPaidGift, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PaymentEvent } from "~/domain/payments";
import { db, schema } from "~/platform/db.server";
import { describePaymentOutcome, paymentEventLine } from "./payment-event-log.server";

const paid = (donationId: string): PaymentEvent => ({
  kind: "donation",
  action: "paid",
  id: "evt_sbx_1",
  provider: "sandbox",
  type: "checkout.session.completed",
  occurredAt: new Date(),
  ref: { donationId },
});

describe("a payment event in the terminal", () => {
  it("says what happened, the amount and the reference, in pt-BR", async () => {
    const party = await insertParty({ userId: (await insertUser()).id, causeId: (await insertCause()).id });
    await insertPaidGift(party.id, { amountCents: 5000 });
    const [gift] = await db
      .select({ id: schema.donations.id, receiptNumber: schema.donations.receiptNumber })
      .from(schema.donations)
      .where(eq(schema.donations.partyId, party.id));
    const line = await paymentEventLine(paid(gift!.id), { outcome: "applied", donationId: gift!.id, from: "pendente", to: "paga" }, true);
    expect(line).toBe(`Pagamento confirmado: doação nº ${gift!.receiptNumber}, R$ 50,00 (evento evt_sbx_1, sandbox)`);
    expect(line).not.toMatch(/payment event/i);
  });

  it("production reads nothing more: the ids only, still in pt-BR", async () => {
    const line = await paymentEventLine(paid("d-1"), { outcome: "applied", donationId: "d-1", from: "pendente", to: "paga" }, false);
    expect(line).toBe("Pagamento confirmado: doação d-1 (evento evt_sbx_1, sandbox)");
    expect(describePaymentOutcome(paid("d-1"), { outcome: "duplicate" }, null)).toBe(
      "Evento de pagamento repetido, nada mudou (evento evt_sbx_1, sandbox)",
    );
  });
});
