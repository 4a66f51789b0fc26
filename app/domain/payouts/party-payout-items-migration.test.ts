/**
 * drizzle/0020_med.sql (decision 208): party payouts transferred before party payouts had items get
 * them — the rows their amounts added up, never a refund or a MED that landed after the transfer
 * (that one stays the institution's open debt). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { insertPendingPixGift, pixStepBodies } from "@tests/donations";
import { payOutParty } from "@tests/institution-payouts";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { db, MIGRATIONS_FOLDER, schema } from "~/platform/db.server";
import { listOpenInstitutionItems } from "./institution-payouts.server";

describe("0020_med: items of the party payouts already transferred", () => {
  it("lists the rows the payout added up, and leaves a MED that came after it open for the institution", async () => {
    const cause = await insertCause();
    await insertInstitution(cause.id, { name: "AADORA", isMain: true });
    const org = await insertInstitution(cause.id, { name: "Prato Cheio" });
    const owner = await insertUser("Mariana Costa");
    const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id, eventDate: "2026-03-10" });
    const gift = await insertPendingPixGift(party.id, { amountCents: 10_000 });
    const dates = [new Date("2026-03-05T15:00:00Z"), new Date("2026-04-21T15:00:00Z")];
    const [paid, med] = pixStepBodies(gift, ["paid", "disputed"], () => dates.shift()!);
    for (const event of paid!) await processPaymentEvent(event, testDeps());
    expect(await payOutParty(party.id)).toBe(true);
    for (const event of med!) await processPaymentEvent(event, testDeps());

    // As a payout written before decision 208 left it: no items.
    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.partyId, party.id));
    await db.delete(schema.payoutItems).where(eq(schema.payoutItems.payoutId, payout!.id));
    const rows = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.donationId, gift.id));
    const paidRow = rows.find((r) => r.kind === "gift_paid")!;
    const chargeback = rows.find((r) => r.kind === "chargeback")!;
    // Without items every party row would look open.
    expect((await listOpenInstitutionItems(org.id)).map((i) => i.id).sort()).toEqual([paidRow.id, chargeback.id].sort());

    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, "0020_med.sql"), "utf8");
    await db.execute(sql.raw(migration));
    const items = await db.select().from(schema.payoutItems).where(eq(schema.payoutItems.payoutId, payout!.id));
    expect(items.map((i) => i.ledgerEntryId)).toEqual([paidRow.id]);
    expect((await listOpenInstitutionItems(org.id)).map((i) => i.id)).toEqual([chargeback.id]);
    // Run twice (a re-applied script): nothing changes.
    await db.execute(sql.raw(migration));
    expect(await db.select().from(schema.payoutItems).where(eq(schema.payoutItems.payoutId, payout!.id))).toHaveLength(1);
  });
});
