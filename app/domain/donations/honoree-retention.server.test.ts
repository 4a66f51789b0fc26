import { useTestDatabase } from "@tests/database";
import { donationRow, expireAsStale, givingSetup, insertPendingGift } from "@tests/donations";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { purgeUnpaidHonoreeEmails } from "./honoree-retention.server";

useTestDatabase();

const honoree = { name: "Vó Maria", email: "maria@exemplo.com.br" };
const ageBy = (days: number, ...ids: string[]) =>
  db
    .update(schema.donations)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(inArray(schema.donations.id, ids));

describe("an unpaid gift's honoree e-mail (decision 214)", () => {
  it("is cleared a week after the gift, whatever its status; the name and a younger gift's address stay", async () => {
    const { party } = await givingSetup();
    const cancelled = await insertPendingGift(party.id, { honoree });
    const pendingOld = await insertPendingGift(party.id, { honoree });
    const young = await insertPendingGift(party.id, { honoree });
    await expireAsStale(cancelled.id);
    await ageBy(8, cancelled.id, pendingOld.id);
    await ageBy(6, young.id);

    expect(await purgeUnpaidHonoreeEmails()).toBe(2);
    expect((await donationRow(cancelled.id)).honoreeEmail).toBeNull();
    expect((await donationRow(cancelled.id)).honoreeName).toBe("Vó Maria");
    expect((await donationRow(pendingOld.id)).honoreeEmail).toBeNull();
    expect((await donationRow(young.id)).honoreeEmail).toBe("maria@exemplo.com.br");
    // Nothing left to clear: a second run changes nothing.
    expect(await purgeUnpaidHonoreeEmails()).toBe(0);
  });
});
