import { useTestDatabase } from "@tests/database";
import { insertCause, insertParty, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anonymiseSubjectData, collectPersonalData, personalDataDownload } from "~/domain/accounts/personal-data.server";
import { db, schema } from "~/platform/db.server";

useTestDatabase();

/** LGPD for co-host invitations (decision 217). */
describe("co-host invitations to an address", () => {
  it("are in the address's export, and its erasure deletes the ones not accepted (an accepted one stays with its account)", async () => {
    const owner = await insertUser("Mariana Costa");
    const friend = await insertUser("Rafael Lima");
    const cause = await insertCause();
    const party = await insertParty({ userId: owner.id, causeId: cause.id, name: "Aniversário da Mariana" });
    const other = await insertParty({ userId: owner.id, causeId: cause.id, name: "Churrasco da Mariana" });
    const address = "rafa@exemplo.com.br";
    await db.insert(schema.partyCohosts).values([
      { partyId: party.id, invitedEmail: address, invitedBy: owner.id },
      { partyId: other.id, invitedEmail: address, invitedBy: owner.id, userId: friend.id, status: "accepted", acceptedAt: new Date() },
    ]);
    const subject = { kind: "email" as const, email: "Rafa@Exemplo.com.br" };

    const exported = await collectPersonalData(subject, new Date());
    expect(exported.cohostInvitations.map((i) => [i.party, i.status])).toEqual([
      ["Aniversário da Mariana", "invited"],
      ["Churrasco da Mariana", "accepted"],
    ]);
    const csv = await personalDataDownload(exported, "csv", new Date()).text();
    expect(csv).toContain("convites_de_coanfitriao;1;party;Aniversário da Mariana");
    // Nothing about the owner: their name or address is not in the subject's export.
    expect(JSON.stringify(exported.cohostInvitations)).not.toContain("Mariana Costa");

    await db.transaction((tx) => anonymiseSubjectData(tx, subject));
    const left = await db.select().from(schema.partyCohosts).where(eq(schema.partyCohosts.invitedEmail, address));
    expect(left.map((r) => [r.partyId, r.status])).toEqual([[other.id, "accepted"]]);
  });
});
