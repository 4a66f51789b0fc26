/**
 * The payout proof e-mail labels the fee with the percent the paid-out gifts were charged at (their
 * ledger rows), not today's PLATFORM_FEE_PERCENT (issue 28, item 1).
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminPost, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { getConfig } from "~/platform/config.server";
import { adminTabAction as action } from "@tests/admin";

describe("payout proof e-mail", () => {
  it("names the stored fee percent after the setting changed", async () => {
    const fx = await adminFixture(); // the ended party's gift was charged at 10%
    const { cookie } = await createTestUser({ admin: true });
    const config = { ...getConfig(), PLATFORM_FEE_PERCENT: 12.5 };
    const done = await outcome(() =>
      action(
        routeArgs(
          adminPost(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofUrl: "https://banco.exemplo/c/1" }),
          {
            config,
          },
        ),
      ),
    );
    expect(done.status).toBe(200);
    const mails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "payout-proof"));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain("Taxa da plataforma (10%): R$ 10,00");
      expect(mail.text).not.toContain("12,5%");
    }
  });
});
