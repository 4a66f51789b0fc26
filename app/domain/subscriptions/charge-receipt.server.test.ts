/**
 * A receipt e-mail for every monthly charge (issue 28, item 1): card and Pix Automático, one per
 * charge, also when the provider's event repeats or a second event names the same invoice.
 */
import { authedRequest, createTestUser } from "@tests/auth";
import { testContext, testDeps, testSandboxQueue } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { outbox, sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { action as assineAction } from "~/routes/assine-o-bem";
import { action as bankAction } from "~/routes/sandbox.pix-automatico.$id";

useTestDatabase();

const receiptMails = async () => (await outbox()).filter((m) => m.template === "subscription-receipt");

describe("monthly charge receipt e-mail", () => {
  it("card: one e-mail per charge with the PDF link and the verification code, whatever the provider repeats", async () => {
    await givingSetup(); // the main charity
    const { user } = await createTestUser({ name: "Helena Souza", email: "helena@exemplo.com.br" });
    const customerId = await sandboxSubscriber(user.id);
    await processPaymentEvent(subscriptionEvent("updated", { customerId, plan: "prata" }), testDeps());
    const paid = subscriptionEvent("invoice_paid", { customerId, plan: "prata", invoice: { id: "in_jan", amountCents: 5000 } });
    await processPaymentEvent(paid, testDeps());
    await processPaymentEvent(paid, testDeps()); // the same delivery again
    // Another event for the same invoice (Stripe sends invoice.paid and invoice.payment_succeeded).
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, plan: "prata", invoice: { id: "in_jan", amountCents: 5000 } }),
      testDeps(),
    );
    await processPaymentEvent(
      subscriptionEvent("invoice_paid", { customerId, plan: "prata", invoice: { id: "in_feb", amountCents: 5000 } }),
      testDeps(),
    );

    const charges = await db.select().from(schema.subscriptionCharges).orderBy(schema.subscriptionCharges.receiptNumber);
    expect(charges).toHaveLength(2);
    const mails = await receiptMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.dedupeKey).sort()).toEqual(charges.map((c) => `sub-receipt:${c.id}`).sort());
    const first = mails.find((m) => m.dedupeKey === `sub-receipt:${charges[0]!.id}`)!;
    expect(first.to).toBe("helena@exemplo.com.br");
    expect(first.subject).toContain(`AB-${String(charges[0]!.receiptNumber).padStart(6, "0")}`);
    expect(first.text).toContain(`/recibo/${charges[0]!.receiptCode}/pdf`);
    expect(first.text).toContain("Plano Prata");
    expect(first.text).toContain("R$ 50,00");
    expect(first.text).toContain("R$ 45,00"); // the ledger row's net
    expect(first.text).toContain("Cartão");
    expect(first.html).toContain(`/recibo/${charges[0]!.receiptCode}`);
  });

  it("Pix Automático: each month paid at the bank sends its receipt, once", async () => {
    await givingSetup();
    const { user, cookie } = await createTestUser({ name: "Carla Mendes" });
    const queue = testSandboxQueue();
    const context = testContext({ payments: { sandboxEvents: queue } });
    const started = (await assineAction({
      request: authedRequest("/assine-o-bem", {
        method: "POST",
        body: new URLSearchParams({ intent: "assinar", plano: "prata", metodo: "pix-automatico" }),
        cookie,
      }),
      params: {},
      context,
    } as never)) as Response;
    const id = decodeURIComponent(started.headers.get("Location")!.split("/sandbox/pix-automatico/")[1]!);
    const click = (intent: string) =>
      bankAction({
        request: new Request(`http://localhost:3000/sandbox/pix-automatico/${id}`, {
          method: "POST",
          body: new URLSearchParams({ intent }),
        }),
        params: { id },
        context,
      } as never);
    await click("autorizar");
    await queue.flush();
    await click("pagar-mes");
    await queue.flush();

    const charges = await db.select().from(schema.subscriptionCharges);
    expect(charges).toHaveLength(2);
    const mails = await receiptMails();
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.to === user.email)).toBe(true);
    expect(mails[0]!.text).toContain("Pix Automático");
    expect(mails[0]!.text).toContain("Plano Prata");
  });
});
