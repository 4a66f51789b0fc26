import { useTestDatabase } from "@tests/database";
import { insertCause } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { PRESET_IMPACT } from "./donation-form";
import { resolveGiftTarget, TARGET_MESSAGES } from "./gift-target.server";

useTestDatabase();

async function institution(overrides: Partial<typeof schema.organizations.$inferInsert> = {}) {
  const cause = await insertCause({
    name: "Combate à Fome",
    impactLines: { "25": "Contribui para uma cesta de alimentos para uma família." },
  });
  const [org] = await db
    .insert(schema.organizations)
    .values({
      name: "Instituto Prato Cheio",
      slug: "prato-cheio",
      causeId: cause.id,
      city: "Contagem",
      state: "MG",
      description: "Cozinha comunitária",
      cnpj: "21593847000105",
      verifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return org!;
}

describe("resolveGiftTarget by ?ong=", () => {
  it("an active, verified institution receives the gift, with its CNPJ, city and its cause's impact", async () => {
    const org = await institution();
    const target = await resolveGiftTarget({ ong: " Prato-Cheio " });
    expect(target).toMatchObject({
      ok: true,
      party: null,
      ongSlug: "prato-cheio",
      organizationId: org.id,
      causeName: "Combate à Fome",
      institution: { name: "Instituto Prato Cheio", cnpj: "21.593.847/0001-05", city: "Contagem", state: "MG", verified: true },
    });
    if (!target.ok) throw new Error("unreachable");
    expect(target.impact[25]).toBe("Contribui para uma cesta de alimentos para uma família.");
    expect(target.impact[50]).toBe(PRESET_IMPACT[50]);
  });

  it.each([
    [{ active: false }, "org-inactive", TARGET_MESSAGES.orgInactive],
    [{ verifiedAt: null }, "org-unverified", TARGET_MESSAGES.orgUnverified],
  ] as const)("refuses %o with its pt-BR message", async (overrides, reason, message) => {
    await institution(overrides);
    expect(await resolveGiftTarget({ ong: "prato-cheio" })).toEqual({
      ok: false,
      reason,
      error: message,
      party: null,
      organizationName: "Instituto Prato Cheio",
    });
  });

  it.each(["nao-existe", "PRATO CHEIO", "../admin", "x".repeat(200), "prato-cheio'--"])(
    "refuses the unknown or malformed slug %s",
    async (slug) => {
      await institution();
      expect(await resolveGiftTarget({ ong: slug })).toMatchObject({
        ok: false,
        reason: "org-not-found",
        error: TARGET_MESSAGES.orgNotFound,
      });
    },
  );

  it("a party wins over ?ong= (the party already chose its institution)", async () => {
    await institution();
    expect(await resolveGiftTarget({ festa: "nao-existe", ong: "prato-cheio" })).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("without a party or slug: the main charity, generic impact wording when its cause has none", async () => {
    const cause = await insertCause({ name: "Doenças Raras" });
    await db.insert(schema.organizations).values({
      name: "AADORA",
      slug: "aadora",
      causeId: cause.id,
      city: "Belo Horizonte",
      state: "MG",
      description: "Apoio",
      isMain: true,
    });
    const target = await resolveGiftTarget({});
    expect(target).toMatchObject({
      ok: true,
      ongSlug: null,
      organizationName: "AADORA",
      institution: { cnpj: null, verified: false },
      impact: PRESET_IMPACT,
    });
  });
});
