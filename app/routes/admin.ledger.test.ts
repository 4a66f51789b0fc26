import type { loadDashboardPanel } from "~/domain/content/dashboard.server";
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { donationEvent } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { createSandboxProvider } from "~/domain/payments/sandbox.server";
import { runReconcile } from "~/domain/ledger/reconcile.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";

async function dashboard(cookie: string) {
  const result = (await loader(routeArgs(adminGet("/admin", cookie)))) as { data: Awaited<ReturnType<typeof loadDashboardPanel>> };
  return result.data;
}

describe("payouts in the ledger", () => {
  it("a transfer writes its movement, and a refund after it comes out of the institution's balance on the dashboard", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.partyId, fx.endedParty.id));
    expect((await dashboard(cookie)).balances.find((b) => b.organizationId === fx.org.id)).toMatchObject({
      paidNetCents: 9_001 + 11_110, // the ended party's gift and the live party's (12_345 − 1_235 fee)
      balanceCents: 9_001 + 11_110,
    });

    const done = await outcome(() =>
      action(
        routeArgs(adminPost(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofUrl: "https://banco.exemplo/c/1" })),
      ),
    );
    expect(done.status).toBe(200);
    const [payout] = await db.select().from(schema.payouts);
    const [movement] = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "payout"));
    expect(movement).toMatchObject({
      payoutId: payout!.id,
      partyId: fx.endedParty.id,
      organizationId: fx.org.id,
      grossCents: -10_001,
      feeCents: -1_000,
      netCents: -9_001,
      occurredAt: payout!.transferredAt,
    });
    let board = await dashboard(cookie);
    expect(board.balances.find((b) => b.organizationId === fx.org.id)).toMatchObject({ payoutNetCents: -9_001, balanceCents: 11_110 });

    // The donor's bank refunds the gift after the money reached the institution.
    await processPaymentEvent(donationEvent({ id: gift!.id, checkoutId: gift!.providerCheckoutId! }, "refunded"), testDeps());
    board = await dashboard(cookie);
    const aadora = board.balances.find((b) => b.organizationId === fx.org.id)!;
    expect(aadora).toMatchObject({ takenBackNetCents: -9_001, balanceCents: 11_110 - 9_001 });

    // Reconciliation agrees with itself: a negative balance is a notice, not a discrepancy.
    const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
    const result = await runReconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } });
    expect(result.discrepancies).toEqual([]);
    expect((await dashboard(cookie)).reconcile).toMatchObject({ ok: true, count: 0 });
  });

  it("an institution whose refund came after its payout has a negative balance: a notice for reconciliation, red on the dashboard", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    // Only the ended party's money, so the refund takes the institution below zero.
    const [live] = await db.select().from(schema.donations).where(eq(schema.donations.partyId, fx.liveParty.id));
    await processPaymentEvent(donationEvent({ id: live!.id, checkoutId: live!.providerCheckoutId! }, "refunded"), testDeps());
    await outcome(() =>
      action(
        routeArgs(adminPost(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofUrl: "https://banco.exemplo/c/2" })),
      ),
    );
    const [ended] = await db.select().from(schema.donations).where(eq(schema.donations.partyId, fx.endedParty.id));
    await processPaymentEvent(donationEvent({ id: ended!.id, checkoutId: ended!.providerCheckoutId! }, "disputed"), testDeps());

    const board = await dashboard(cookie);
    expect(board.balances[0]).toMatchObject({ organizationId: fx.org.id, balanceCents: -9_001 });
    const sandbox = createSandboxProvider({ secret: "x".repeat(32), publicUrl: "http://localhost:3000" });
    const result = await runReconcile({ providers: [sandbox], range: { from: new Date(0), to: new Date() } });
    expect(result.ok).toBe(true);
    expect(result.notices.map((n) => n.pt)).toEqual([expect.stringContaining("AADORA tem saldo negativo (-R$ 90,01)")]);
  });
});
