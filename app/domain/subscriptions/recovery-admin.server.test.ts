import { useTestDatabase } from "@tests/database";
import { insertUser } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { listRecoveriesForAdmin, recoveryFigures } from "./recovery-admin.server";

useTestDatabase();

describe("the admin's recovery figure (issue 30)", () => {
  it("recovered ÷ failed per month of first failure (São Paulo), open and suspended listed", async () => {
    const user = await insertUser("Nina Figura");
    const [sub] = await db
      .insert(schema.subscriptions)
      .values({
        userId: user.id,
        plan: "ouro",
        status: "past_due",
        provider: "sandbox",
        providerCustomerId: "cus_fig",
        providerSubscriptionId: "sub_fig",
        lastEventAt: new Date(),
      })
      .returning();
    const month = (invoiceId: string, at: string, status: "open" | "recovered" | "suspended") => ({
      subscriptionId: sub!.id,
      invoiceId,
      amountCents: 7000,
      method: "card" as const,
      retriesBy: "ours" as const,
      status,
      firstFailedAt: new Date(at),
      lastFailureAt: new Date(at),
      recoveredAt: status === "recovered" ? new Date(at) : null,
      suspendedAt: status === "suspended" ? new Date(at) : null,
    });
    await db.insert(schema.subscriptionRecoveries).values([
      month("in_1", "2026-10-05T12:00:00Z", "recovered"),
      month("in_2", "2026-10-20T12:00:00Z", "recovered"),
      month("in_3", "2026-10-25T12:00:00Z", "suspended"),
      // 31 October 23:30 in São Paulo is still October there.
      month("in_4", "2026-11-01T02:30:00Z", "recovered"),
      month("in_5", "2026-11-10T12:00:00Z", "open"),
    ]);
    const { months, total } = await recoveryFigures(new Date("2026-11-20T12:00:00Z"));
    expect(months.map((m) => m.month)).toEqual(["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]);
    expect(months.at(-2)).toEqual({ month: "2026-10", failed: 4, recovered: 3, suspended: 1, open: 0, share: 0.75 });
    expect(months.at(-1)).toEqual({ month: "2026-11", failed: 1, recovered: 0, suspended: 0, open: 1, share: 0 });
    expect(months[0]!.share).toBeNull();
    expect(total).toMatchObject({ failed: 5, recovered: 3, share: 0.6 });
    const listed = await listRecoveriesForAdmin();
    expect(listed.map((r) => [r.status, r.subscriberName, r.planName])).toEqual([
      ["open", "Nina Figura", "Ouro"],
      ["suspended", "Nina Figura", "Ouro"],
    ]);
  });
});
