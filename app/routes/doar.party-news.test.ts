import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { action, loader } from "./doar";

useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
let ip = 0;

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/doar", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: testContext({ clientIp: `10.9.0.${++ip}` }) } as unknown as ActionArgs);
}

describe("/doar: 'Quero receber notícias desta festa'", () => {
  it("is stored on the gift only when ticked (unchecked by default)", async () => {
    const { party } = await givingSetup();
    const guest = { preset: "25", nome: "Beatriz Lima", email: "bia@exemplo.com.br", festa: party.shareCode };
    expect(await post({ ...guest, chave: "form-key-0001" })).toBeInstanceOf(Response);
    expect(await post({ ...guest, chave: "form-key-0002", noticias: "on" })).toBeInstanceOf(Response);
    const gifts = await db.select({ wants: schema.donations.wantsPartyNews, at: schema.donations.createdAt }).from(schema.donations);
    expect(gifts.map((g) => g.wants).sort()).toEqual([false, true]);
  });

  it("on a named gift it also records that the host gets the contact (decision 212); never on an anonymous one", async () => {
    const { party } = await givingSetup();
    const named = { preset: "25", nome: "Beatriz Lima", email: "bia@exemplo.com.br", festa: party.shareCode, noticias: "on" };
    expect(await post({ ...named, chave: "form-key-0003" })).toBeInstanceOf(Response);
    expect(
      await post({
        preset: "25",
        anonima: "on",
        email: "anon@exemplo.com.br",
        festa: party.shareCode,
        noticias: "on",
        chave: "form-key-0004",
      }),
    ).toBeInstanceOf(Response);
    const gifts = await db
      .select({
        anonymous: schema.donations.anonymous,
        news: schema.donations.wantsPartyNews,
        host: schema.donations.sharesContactWithHost,
      })
      .from(schema.donations);
    expect(gifts.sort((a, b) => Number(a.anonymous) - Number(b.anonymous))).toEqual([
      { anonymous: false, news: true, host: true },
      { anonymous: true, news: true, host: false },
    ]);
  });

  it("the form explains who gets what before the guest ticks it (LGPD)", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(new URL("../components/donation/donation-form.tsx", import.meta.url), "utf8");
    expect(source).toContain("essa pessoa recebe seu nome, e-mail, data e valor da doação");
    expect(source).toContain("sem mostrar o seu e-mail a ninguém");
  });

  it("the impact panel is computed on the server from the institution's units", async () => {
    const { party, org } = await givingSetup();
    await db.insert(schema.impactUnits).values({ organizationId: org.id, singular: "consulta", plural: "consultas", costCents: 5000 });
    const request = new Request(`http://localhost:3000/doar?festa=${party.shareCode}`);
    const result = (await loader({ request, params: {}, context: testContext() } as never)) as unknown as {
      target: { impact: Record<number, string> };
    };
    expect(result.target.impact[100]).toBe("Paga 2 consultas (R$ 50,00 cada).");
  });
});
