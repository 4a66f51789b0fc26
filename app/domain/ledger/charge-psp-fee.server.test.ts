/**
 * Decision 206 for Assine o Bem: a paid month keeps what the PSP kept of it (the sandbox simulates
 * its card or Pix tariff), and the provider reconciliation checks it as it checks a gift's.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { insertUser } from "@tests/parties";
import { sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "~/domain/payments/sandbox.server";
import { sandboxSubscriptionEvent } from "~/domain/payments/sandbox-subscriptions.server";
import { pixAutomaticoEvents } from "~/domain/payments/pix-automatico-events.server";
import { reconcile } from "./reconcile.server";

useTestDatabase();

const secret = "x".repeat(32);
const sandbox = createSandboxProvider({ secret, publicUrl: "http://localhost:3000" });
const whole = { from: new Date(0), to: new Date(Date.now() + 60_000) };

async function chargeRow() {
  const [row] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "subscription_charge_paid"));
  return row!;
}

describe("the PSP's fee of a monthly charge", () => {
  it("the sandbox reports its card tariff on a paid month (3.99% + R$ 0,39 of R$ 50,00 = R$ 2,39) and Pix Automático's (free)", () => {
    const data = (id: string) => ({
      id,
      customerId: "cus_1",
      userId: null,
      priceId: "price_sbx_prata",
      status: "active" as const,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      invoice: { id: `in_${id}`, amountCents: 5_000, periodEnd: null },
    });
    const parse = (type: "invoice.paid" | "pix_automatico.cobr_paga" | "invoice.payment_failed", id: string) => {
      const body = JSON.stringify(sandboxSubscriptionEvent(type, data(id)));
      const [event] = sandbox.parseWebhook(body, new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) }));
      return event?.kind === "subscription" ? event.invoice : null;
    };
    expect(parse("invoice.paid", "sub_card")).toMatchObject({ providerFeeCents: 239 });
    expect(parse("pix_automatico.cobr_paga", "sub_pix")).toMatchObject({ providerFeeCents: 0 });
    expect(parse("invoice.payment_failed", "sub_failed")?.providerFeeCents).toBeUndefined();
  });

  it("a Pix Automático charge at the PSP keeps its configured tariff (1.19% of R$ 50,00 = R$ 0,60)", () => {
    const cobr = (status: string) => ({
      cobsr: [
        {
          idRec: "RR1234567820261128abcdefghij",
          txid: "tx1",
          status,
          valor: { original: "50.00" },
          atualizacao: [{ status, data: "2026-11-28T12:00:00Z" }],
        },
      ],
    });
    const invoiceOf = (status: string) => {
      const [event] = pixAutomaticoEvents(cobr(status), new Date(), { percent: 1.19, fixedCents: 0 }) ?? [];
      return event?.kind === "subscription" ? event.invoice : null;
    };
    expect(invoiceOf("CONCLUIDA")).toMatchObject({ amountCents: 5_000, providerFeeCents: 60 });
    expect(invoiceOf("REJEITADA")?.providerFeeCents).toBeUndefined();
  });

  it("is written to the charge's ledger row, and reconciliation names a charge whose fee differs", async () => {
    const user = await insertUser("Helena Souza");
    const customerId = await sandboxSubscriber(user.id);
    await processPaymentEvent(subscriptionEvent("updated", { customerId }), testDeps());
    const paid = subscriptionEvent("invoice_paid", { customerId, invoice: { id: "in_1", amountCents: 5_000 } });
    await processPaymentEvent({ ...paid, invoice: { ...paid.invoice!, providerFeeCents: 200 } }, testDeps());
    expect(await chargeRow()).toMatchObject({ grossCents: 5_000, providerFeeCents: 200 });

    const result = await reconcile({ providers: [sandbox], range: whole });
    expect(result.discrepancies.map((d) => d.en)).toEqual([
      expect.stringMatching(
        /^Sandbox: monthly charge #\d+ \(R\$ 50,00\) would have a provider fee of R\$ 2,39; the ledger records R\$ 2,00\.$/,
      ),
    ]);
    // What an operator with database access could do: the append-only guard switched off, then an UPDATE.
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    await db.execute(sql`update ledger_entries set provider_fee_cents = 239 where kind = 'subscription_charge_paid'`);
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    expect((await reconcile({ providers: [sandbox], range: whole })).ok).toBe(true);
  });
});
