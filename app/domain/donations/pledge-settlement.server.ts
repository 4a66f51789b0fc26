/**
 * A matching sponsor pays what its pledge promised (decision 220), through the gifts' own checkout:
 * the payment is a gift to the party (`donations.match_pledge_id` set) — written to the ledger,
 * counted in the party's total and the institution's money, with a receipt — that never claims a
 * match and never covers a fee. The amount is the server's: promised minus paid, read with the
 * pledge's row locked; one open checkout per pledge (a partial unique index), so a second click
 * reuses it instead of charging twice.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import type { PaymentProvider } from "~/domain/payments";
import { pledgePaymentUrl, readPledgeBill } from "~/domain/matching/index.server";
import { createPendingDonation } from "./donations.server";
import { launchGiftCheckout } from "./checkout.server";
import { giftReturnUrls } from "./gift-result.server";

export const SETTLEMENT_MESSAGES = {
  missing: "Este patrocínio não existe mais.",
  notEnded: "Este patrocínio ainda está ativo: o valor a pagar só fica definido quando ele terminar.",
  nothingDue: "Não há nada a pagar: o valor prometido já foi pago. Obrigado!",
  otherOpen: (method: string) =>
    `Já há um pagamento por ${method === "pix" ? "Pix" : "cartão"} em aberto para este patrocínio: conclua-o por ele, ou escolha outra forma depois que ele expirar (em até 24 horas).`,
  pixOff: "O pagamento por Pix não está disponível agora. Escolha o cartão.",
} as const;

export type SettlementMethod = "pix" | "card";

export type SettlementDeps = { provider: PaymentProvider; pixProvider: PaymentProvider | null; config: Config; clock: Clock };

export type SettlementOutcome = { ok: true; url: string; donationId: string } | { ok: false; message: string };

/** The message the sponsor's payment carries on the party's gift list and the receipt: what it is. */
const SETTLEMENT_GIFT_MESSAGE = "Pagamento do patrocínio em dobro (o valor prometido pelas doações da festa).";

export async function startPledgeSettlement(pledgeId: string, method: SettlementMethod, deps: SettlementDeps): Promise<SettlementOutcome> {
  const provider = method === "pix" ? deps.pixProvider : deps.provider;
  if (!provider) return { ok: false, message: SETTLEMENT_MESSAGES.pixOff };
  const opened = await db.transaction(async (tx) => {
    // The pledge's row locked: two clicks (two tabs) take turns; the second sees the first's checkout.
    const [locked] = await tx
      .select({ id: schema.matchPledges.id })
      .from(schema.matchPledges)
      .where(eq(schema.matchPledges.id, pledgeId))
      .for("update");
    const bill = locked ? await readPledgeBill(pledgeId, tx) : null;
    if (!bill) return { ok: false as const, message: SETTLEMENT_MESSAGES.missing };
    if (!bill.ended) return { ok: false as const, message: SETTLEMENT_MESSAGES.notEnded };
    if (bill.open) {
      if (bill.open.paymentMethod !== method)
        return { ok: false as const, message: SETTLEMENT_MESSAGES.otherOpen(bill.open.paymentMethod) };
      return { ok: true as const, bill, donationId: bill.open.id, amountCents: bill.open.amountCents };
    }
    if (bill.dueCents === 0) return { ok: false as const, message: SETTLEMENT_MESSAGES.nothingDue };
    const created = await createPendingDonation(
      {
        partyId: bill.partyId,
        organizationId: null,
        userId: null,
        amountCents: bill.dueCents,
        anonymous: false,
        donorName: bill.sponsorName,
        donorEmail: bill.sponsorEmail,
        message: SETTLEMENT_GIFT_MESSAGE,
        provider: provider.name,
        paymentMethod: method,
        idempotencyKey: `pledge_${pledgeId}_${randomUUID()}`,
        matchPledgeId: pledgeId,
      },
      tx,
    );
    return { ok: true as const, bill, donationId: created.id, amountCents: bill.dueCents };
  });
  if (!opened.ok) return opened;
  const now = deps.clock.now();
  const { successUrl } = giftReturnUrls({ publicUrl: deps.config.PUBLIC_URL, donationId: opened.donationId, festa: null, ong: null, now });
  const launched = await launchGiftCheckout(
    {
      donationId: opened.donationId,
      totalCents: opened.amountCents,
      destination: opened.bill.partyName,
      customerEmail: opened.bill.sponsorEmail,
      // Abandoned: back to this page (a fresh link), where the same checkout is offered again.
      returnUrls: { successUrl, cancelUrl: pledgePaymentUrl(deps.config.PUBLIC_URL, pledgeId, now) },
    },
    { provider, pix: method === "pix", config: deps.config, clock: deps.clock },
  );
  return launched.ok ? { ok: true, url: launched.url, donationId: opened.donationId } : launched;
}
