/**
 * Refunds sent at once (issue 28, item 5): 20 requests on one R$ 10 gift. Each takes the gift's row
 * lock before it counts what remains, so what is asked of the provider, what the refunds table says
 * succeeded and what the ledger took back never pass what was paid.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminPost, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { testDeps, testSandboxQueue } from "@tests/context";
import { insertPaidGift } from "@tests/parties";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminTabAction as action } from "@tests/admin";
import { db, schema } from "~/platform/db.server";
import type { PaymentProvider } from "~/domain/payments/types";

type RefundRequest = Parameters<NonNullable<PaymentProvider["refund"]>>[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("concurrent refunds", () => {
  it("20 requests at once on a R$ 10 gift: their sum never passes R$ 10, in the refunds table or the ledger", async () => {
    const fx = await adminFixture();
    const admin = await createTestUser({ admin: true, name: "Admin" });
    const queue = testSandboxQueue();
    const base = testDeps({ payments: { sandboxEvents: queue } });
    // The provider answers after a network round trip, as Stripe does: the window in which another
    // request used to count what remains before this one was recorded.
    const slowProvider = (name: string | null | undefined) => {
      const provider = base.payments.byName(name);
      if (!provider?.refund) return provider;
      const refund = provider.refund.bind(provider);
      return { ...provider, refund: async (request: RefundRequest) => (await sleep(30), refund(request)) } as PaymentProvider;
    };
    const deps = { payments: { sandboxEvents: queue, byName: slowProvider } };
    const gift = await insertPaidGift(fx.liveParty.id, { amountCents: 1000 });

    // R$ 6 and R$ 7 alternately (and a few R$ 1 and R$ 3): many pairs that cannot both pass.
    const amounts = Array.from({ length: 20 }, (_, i) => ["6,00", "7,00", "1,00", "3,00"][i % 4]!);
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        outcome(() =>
          action(
            routeArgs(
              adminPost(admin.cookie, {
                intent: "refundDonation",
                donationId: gift.id,
                amount,
                reason: `Pedido ${i + 1} do doador`,
                confirmed: "sim",
              }),
              deps,
            ),
          ),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);

    const asked = async () =>
      db
        .select({ cents: sql<number>`coalesce(sum(${schema.refunds.amountCents}), 0)`.mapWith(Number) })
        .from(schema.refunds)
        .where(and(eq(schema.refunds.donationId, gift.id), sql`${schema.refunds.status} <> 'failed'`))
        .then((r) => r[0]!.cents);
    expect(await asked()).toBeLessThanOrEqual(1000);

    await queue.flush();
    const rows = await db.select().from(schema.refunds).where(eq(schema.refunds.donationId, gift.id));
    const succeeded = rows.filter((r) => r.status === "succeeded").reduce((s, r) => s + r.amountCents, 0);
    expect(succeeded).toBeLessThanOrEqual(1000);
    expect(await asked()).toBeLessThanOrEqual(1000);
    const [ledger] = await db
      .select({ gross: sql<number>`coalesce(sum(${schema.ledgerEntries.grossCents}), 0)`.mapWith(Number) })
      .from(schema.ledgerEntries)
      .where(and(eq(schema.ledgerEntries.donationId, gift.id), eq(schema.ledgerEntries.kind, "refund")));
    // The ledger took back exactly what the refunds table says succeeded.
    expect(-ledger!.gross).toBe(succeeded);
  });
});
