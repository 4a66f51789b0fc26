import { testDeps } from "@tests/context";
import { readableRows, useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift } from "@tests/donations";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { sendCreatorDigests } from "./creator-digest.server";
import { processPaymentEvent } from "./payment-events.server";

useTestDatabase();

// Issue 31: a burst of 260 gifts made 260 e-mails to the party's creator. Now, by default, the first
// gift is e-mailed at once and the rest go in one digest per party every 10 minutes; the creator
// may choose each gift, or none.

const creatorMails = async (to: string) =>
  (await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)))).filter((m) =>
    ["donation-received", "creator-digest"].includes(m.template),
  );
const pay = async (partyId: string, amountCents: number) => {
  const gift = await insertPendingGift(partyId, { amountCents });
  await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
};
/** As if 11 minutes had passed: the party's last creator e-mail and its gifts' moments move back. */
const tenMinutesLater = async (partyId: string) => {
  await db
    .update(schema.creatorEmailNotices)
    .set({ lastSentAt: sql`${schema.creatorEmailNotices.lastSentAt} - interval '11 minutes'` })
    .where(eq(schema.creatorEmailNotices.partyId, partyId));
  await db
    .update(schema.donations)
    .set({ statusChangedAt: sql`${schema.donations.statusChangedAt} - interval '11 minutes'` })
    .where(eq(schema.donations.partyId, partyId));
};

describe("the creator's gift e-mails", () => {
  it("a burst: the first gift at once, every other one in a single digest after 10 minutes", async () => {
    const { owner, party } = await givingSetup();
    await pay(party.id, 1000);
    expect((await creatorMails(owner.email)).map((m) => m.template)).toEqual(["donation-received"]);

    // Twenty more, some together: nothing more now.
    await Promise.all(Array.from({ length: 20 }, (_, i) => pay(party.id, 2000 + i * 100)));
    expect(await creatorMails(owner.email)).toHaveLength(1);
    expect(await sendCreatorDigests({ mailer: outboxMailer })).toBe(0);

    await tenMinutesLater(party.id);
    expect(await sendCreatorDigests({ mailer: outboxMailer })).toBe(1);
    const digest = (await creatorMails(owner.email)).find((m) => m.template === "creator-digest")!;
    expect(digest.subject).toMatch(/^20 novas doações para /);
    for (let i = 0; i < 20; i++) expect(digest.text).toContain(`R$ ${20 + i},00`);
    expect(digest.text).not.toContain("R$ 10,00"); // the first one was already told
    expect(await sendCreatorDigests({ mailer: outboxMailer })).toBe(0);

    // A gift right after the digest waits for the next one; after a quiet spell, one comes at once.
    await pay(party.id, 5000);
    expect(await creatorMails(owner.email)).toHaveLength(2);
    await tenMinutesLater(party.id);
    await sendCreatorDigests({ mailer: outboxMailer });
    expect(await creatorMails(owner.email)).toHaveLength(3);
    await tenMinutesLater(party.id);
    await pay(party.id, 7000);
    expect((await creatorMails(owner.email)).filter((m) => m.template === "donation-received")).toHaveLength(2);
  });

  it("the creator's choice: each gift, or none (no digest either)", async () => {
    const { owner, party } = await givingSetup();
    await db.update(schema.parties).set({ creatorEmails: "cada" }).where(eq(schema.parties.id, party.id));
    for (const amount of [1000, 2000, 3000]) await pay(party.id, amount);
    expect(await creatorMails(owner.email)).toHaveLength(3);

    await db.update(schema.parties).set({ creatorEmails: "nenhum" }).where(eq(schema.parties.id, party.id));
    for (const amount of [4000, 5000]) await pay(party.id, amount);
    await tenMinutesLater(party.id);
    expect(await sendCreatorDigests({ mailer: outboxMailer })).toBe(0);
    expect(await creatorMails(owner.email)).toHaveLength(3);
  });
});
