/** A gift to an institution chosen on /causas: `/doar?ong=<slug>` with the demo data's real slugs. */
import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { fieldErrors } from "@tests/forms";
import type { FormResult } from "~/platform/forms/submission";
import { donationEvent, outboxEmails } from "@tests/donations";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { TARGET_MESSAGES } from "~/domain/donations/gift-target.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { seedDemoData } from "~/seed/seed.server";
import { action, loader } from "./doar";

useTestDatabase();

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const load = (query: string) =>
  loader({ request: new Request(`http://localhost:3000/doar${query}`), params: {}, context: testContext() } as unknown as LoaderArgs);
const post = (fields: Record<string, string>) =>
  action({
    request: new Request("http://localhost:3000/doar", { method: "POST", body: new URLSearchParams(fields) }),
    params: {},
    context: testContext({ clientIp: "10.1.2.3" }),
  } as unknown as ActionArgs);

const orgBySlug = async (slug: string) => (await db.select().from(schema.organizations).where(eq(schema.organizations.slug, slug)))[0]!;

describe("/doar?ong=", () => {
  it("names the institution, its CNPJ, city and verified mark, and its cause's impact", async () => {
    await seedDemoData({ withUsers: false });
    const result = (await load("?ong=prato-cheio")) as {
      target: { ong: string; institution: Record<string, unknown>; impact: Record<number, string> };
    };
    expect(result.target.ong).toBe("prato-cheio");
    expect(result.target.institution).toEqual({
      name: "Instituto Prato Cheio",
      slug: "prato-cheio",
      cnpj: "21.593.847/0001-05",
      city: "Contagem",
      state: "MG",
      verified: true,
    });
    expect(result.target.impact[10]).toBe("Garante cinco refeições na cozinha comunitária.");
    // The rare-diseases charity does not promise food.
    const aadora = (await load("")) as { target: { impact: Record<number, string> } };
    expect(Object.values(aadora.target.impact).join(" ")).not.toMatch(/cesta|alimento|refeiç/i);
  });

  it.each([
    ["unverified", { verifiedAt: null }, 403, TARGET_MESSAGES.orgUnverified],
    ["inactive", { active: false }, 410, TARGET_MESSAGES.orgInactive],
  ] as const)("refuses an %s institution with a message and no form", async (_label, change, status, message) => {
    await seedDemoData({ withUsers: false });
    await db.update(schema.organizations).set(change).where(eq(schema.organizations.slug, "prato-cheio"));
    const result = (await load("?ong=prato-cheio")) as unknown as {
      data: { refused: { message: string; forInstitution: boolean }; target: unknown; formKey: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(status);
    expect(result.data.refused).toMatchObject({ message, forInstitution: true, title: "Instituto Prato Cheio" });
    expect(result.data.target).toBeNull();
    expect(result.data.formKey).toBe("");
  });

  it("refuses an unknown slug with 404", async () => {
    await seedDemoData({ withUsers: false });
    const result = (await load("?ong=nao-existe")) as unknown as { data: { refused: { message: string } }; init: { status: number } };
    expect(result.init.status).toBe(404);
    expect(result.data.refused.message).toBe(TARGET_MESSAGES.orgNotFound);
  });

  it("stores the gift with that institution, and the receipt names it with its CNPJ", async () => {
    await seedDemoData({ withUsers: false });
    const prato = await orgBySlug("prato-cheio");
    const result = await post({
      preset: "50",
      nome: "Beatriz Lima",
      email: "bia@exemplo.com.br",
      ong: "prato-cheio",
      chave: "form-key-ong-0001",
    });
    expect(result).toBeInstanceOf(Response);
    const [gift] = await db.select().from(schema.donations).where(eq(schema.donations.donorEmail, "bia@exemplo.com.br"));
    expect(gift).toMatchObject({ organizationId: prato.id, partyId: null, amountCents: 5000, status: "pendente" });

    await processPaymentEvent(donationEvent({ id: gift!.id, checkoutId: gift!.providerCheckoutId! }, "paid"), testDeps());
    // As the outbox worker sends it (the paying transaction queues it unrendered).
    const receipt = (await outboxEmails()).find((m) => m.to === "bia@exemplo.com.br");
    expect(receipt?.template).toBe("donation-receipt");
    expect(receipt?.text).toContain("Instituição: Instituto Prato Cheio (verificada)");
    expect(receipt?.text).toContain("CNPJ da instituição: 21.593.847/0001-05");
    expect(receipt?.html).toContain("21.593.847/0001-05");
  });

  it("a posted slug of an unverified institution stores nothing", async () => {
    await seedDemoData({ withUsers: false });
    await db.update(schema.organizations).set({ verifiedAt: null }).where(eq(schema.organizations.slug, "verde-vivo"));
    const result = await post({ preset: "50", nome: "Beatriz Lima", email: "bia@exemplo.com.br", ong: "verde-vivo" });
    const { data, init } = result as unknown as { data: { result: FormResult }; init: { status: number } };
    expect(init.status).toBe(400);
    expect(fieldErrors(data.result).festa).toBe(TARGET_MESSAGES.orgUnverified);
    expect(await db.select().from(schema.donations).where(eq(schema.donations.donorEmail, "bia@exemplo.com.br"))).toEqual([]);
  });
});
