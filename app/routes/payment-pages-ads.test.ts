import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { loader } from "./doar";

/** Every page where a visitor pays or reads what they paid: no sponsor sits beside the money. */
const PAYMENT_PAGES = [
  "doar.tsx",
  "doar.pix.$ref.tsx",
  "doacao-sucesso.tsx",
  "doacao-cancelada.tsx",
  "sandbox.checkout.$id.tsx",
  "sandbox.pix.$txid.tsx",
  "sandbox.assinatura.$id.tsx",
  "sandbox.pix-automatico.$id.tsx",
  "sandbox.portal.$customer.tsx",
  "assine-o-bem.tsx",
  "assine-o-bem.pix-automatico.tsx",
  "assinatura.gerenciar.tsx",
  "subscription-success.tsx",
  "subscription-canceled.tsx",
];

describe("no sponsors' ads where people pay", () => {
  it("/doar shows no ad even when an ad row still names it (one saved before the placement was dropped)", async () => {
    await db.insert(schema.sponsorAds).values({
      title: "Bolo da Vovó",
      description: "Encomendas",
      ctaText: "Ver",
      ctaUrl: "https://example.com",
      sponsor: "Confeitaria",
      placements: ["home", "festa", "causas", "eventos", "transparencia", "historias", "doar"],
    });
    const data = await loader({
      request: new Request("http://localhost:3000/doar"),
      params: {},
      context: testContext({ clientIp: "10.9.9.9" }),
    } as never);
    expect(data).not.toHaveProperty("ad");
    expect(JSON.stringify(data)).not.toContain("Bolo da Vovó");
  });

  it.each(PAYMENT_PAGES)("%s neither reads nor draws an ad", (file) => {
    const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
    expect(source).not.toMatch(/sponsor-banner|ads\.server|getSponsorAd/);
  });
});
