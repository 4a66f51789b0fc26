import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { action } from "./doar";

useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
let ip = 0;

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/doar", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: testContext({ clientIp: `10.9.1.${++ip}` }) } as unknown as ActionArgs);
}

// Decision 190: "Compartilhar meu nome e e-mail com a instituição" is LGPD consent, off by default.
describe("/doar: sharing the contact with the institution", () => {
  it("is stored only when ticked, and never on an anonymous gift", async () => {
    const { party } = await givingSetup();
    const guest = { preset: "25", nome: "Beatriz Lima", email: "bia@exemplo.com.br", festa: party.shareCode };
    expect(await post({ ...guest, chave: "form-key-0101" })).toBeInstanceOf(Response);
    expect(await post({ ...guest, chave: "form-key-0102", contato: "on" })).toBeInstanceOf(Response);
    expect(await post({ ...guest, chave: "form-key-0103", contato: "on", anonima: "on" })).toBeInstanceOf(Response);
    const gifts = await db
      .select({ shares: schema.donations.sharesContact, anonymous: schema.donations.anonymous })
      .from(schema.donations)
      .orderBy(schema.donations.receiptNumber);
    expect(gifts).toEqual([
      { shares: false, anonymous: false },
      { shares: true, anonymous: false },
      { shares: false, anonymous: true },
    ]);
  });
});
