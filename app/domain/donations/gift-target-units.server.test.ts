import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertParty, insertUser } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { parseSubmission } from "~/platform/forms/submission";
import { donationSchema } from "./donation-form";
import { resolveGiftTarget } from "./gift-target.server";

useTestDatabase();

describe("/doar's impact panel in the institution's units", () => {
  it("a rare-diseases party speaks its institution's units, never food baskets", async () => {
    const owner = await insertUser();
    const cause = await insertCause({ name: "Doenças Raras", impactLines: { "25": "Contribui para uma cesta de alimentos." } });
    const org = await insertInstitution(cause.id, { name: "Casa Hunter" });
    const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id });
    await db.insert(schema.impactUnits).values([
      { organizationId: org.id, singular: "consulta", plural: "consultas", costCents: 8000 },
      { organizationId: org.id, singular: "sessão de fisioterapia", plural: "sessões de fisioterapia", costCents: 2500 },
    ]);
    const target = await resolveGiftTarget({ festa: party.shareCode });
    if (!target.ok) throw new Error("expected a live party");
    expect(target.impact[25]).toBe("Paga 1 sessão de fisioterapia (R$ 25,00 cada).");
    expect(target.impact[100]).toBe("Paga 1 consulta (R$ 80,00 cada).");
    expect(Object.values(target.impact).join(" ")).not.toMatch(/cesta/);
  });

  it("without units, the cause's lines stay", async () => {
    const owner = await insertUser();
    const cause = await insertCause({ impactLines: { "25": "Contribui para um exame." } });
    const org = await insertInstitution(cause.id);
    const party = await insertParty({ userId: owner.id, causeId: cause.id, organizationId: org.id });
    const target = await resolveGiftTarget({ festa: party.shareCode });
    expect(target.ok && target.impact[25]).toBe("Contribui para um exame.");
  });
});

describe("the 'Quero receber notícias desta festa' checkbox", () => {
  const base = { preset: "25", nome: "Ana", email: "ana@exemplo.com.br" };
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const s = parseSubmission(form, donationSchema);
    if (s.status !== "success") throw new Error("expected a valid form");
    return s.value;
  };
  it("is off unless ticked, and only counts for a party's gift", () => {
    expect(parse({ ...base, festa: "abcde" }).wantsPartyNews).toBe(false);
    expect(parse({ ...base, festa: "abcde", noticias: "on" }).wantsPartyNews).toBe(true);
    expect(parse({ ...base, noticias: "on" }).wantsPartyNews).toBe(false);
  });
});
