/**
 * Who operates the site (issue 27 item 7): the configured company is named in the footer, the
 * terms, the privacy policy, every receipt (page and PDF) and beside every Pix code, and outside
 * production unconfigured details are placeholders marked as such.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { givingSetup } from "@tests/donations";
import { insertPaidGift } from "@tests/parties";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { startAppServer } from "@tests/app-server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { action as doarAction } from "./doar";
import { loader as pixLoader } from "./doar.pix.$ref";

useTestDatabase();

const configured = parseConfig({ ...process.env, ...PRODUCTION_DETAILS_ENV, OPERATOR_PIX_NAME: "FESTA SOLIDARIA TESTE" });
const placeholders = parseConfig({ ...process.env });
const LINE = "Festa Solidária Teste Ltda. · CNPJ 11.222.333/0001-81 · Av. Afonso Pena, 1000, Centro, Belo Horizonte - MG, 30130-000";
const IDENTITY = "Festa Solidária Teste Ltda., CNPJ 11.222.333/0001-81, com sede em Av. Afonso Pena, 1000";

/** The page's text: tags and React's text separators dropped, entities of the few characters used decoded. */
async function pageText(url: string) {
  const html = await (await fetch(url)).text();
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "operador-")), "r.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("the operator on every page that names who takes the money", () => {
  it("footer, terms and privacy policy name the configured company", async () => {
    const app = await startAppServer({ deps: { config: configured } });
    try {
      expect(await pageText(`${app.url}/`)).toContain(`Site operado por ${LINE}`);
      expect(await pageText(`${app.url}/termos-de-uso`)).toContain(`A Festa Solidária é operada por ${IDENTITY}`);
      expect(await pageText(`${app.url}/politica-privacidade`)).toContain(
        `A controladora dos dados tratados no site é a empresa que opera a Festa Solidária: ${IDENTITY}`,
      );
    } finally {
      await app.close();
    }
  });

  it("outside production, without OPERATOR_*: placeholders marked as demonstration data", async () => {
    const app = await startAppServer({ deps: { config: placeholders } });
    try {
      const text = await pageText(`${app.url}/`);
      expect(text).toContain("Site operado por Festa Solidária Ltda. · CNPJ 00.000.000/0000-00 · ");
      expect(text).toContain("(dados de demonstração)");
    } finally {
      await app.close();
    }
  });

  it("the receipt page and its PDF name the issuer", async () => {
    const { party } = await givingSetup();
    const gift = await insertPaidGift(party.id, { amountCents: 5000, name: "Bia" });
    const [row] = await db.select({ code: schema.donations.receiptCode }).from(schema.donations).where(eq(schema.donations.id, gift.id));
    const app = await startAppServer({ deps: { config: configured } });
    try {
      expect(await pageText(`${app.url}/recibo/${row!.code}`)).toContain(`Emitente: ${LINE}`);
      const pdf = await fetch(`${app.url}/recibo/${row!.code}/pdf`);
      expect(pdf.status).toBe(200);
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain(`Emitente: ${LINE}`);
      expect(text).toContain(`A Festa Solidária é operada por ${IDENTITY}`);
    } finally {
      await app.close();
    }
  });

  it("beside the Pix code: the payee name the bank app shows, as configured", async () => {
    const { party } = await givingSetup();
    const context = testContext({ clientIp: "203.0.113.77", config: configured });
    const res = (await doarAction({
      request: new Request("http://localhost:3000/doar", {
        method: "POST",
        body: new URLSearchParams({ preset: "50", nome: "Bia", email: "bia@exemplo.com.br", festa: party.shareCode, metodo: "Pix" }),
      }),
      params: {},
      context,
    } as never)) as Response;
    const ref = res.headers.get("Location")!.split("/").pop()!.split("?")[0]!;
    const page = (await pixLoader({
      request: new Request(`http://localhost:3000/doar/pix/${ref}`),
      params: { ref },
      context,
    } as never)) as { state: string; payee?: string };
    expect(page.state).toBe("aguardando");
    expect(page.payee).toBe(
      "O app do seu banco mostra FESTA SOLIDARIA TESTE como recebedor: é a Festa Solidária Teste Ltda. (CNPJ 11.222.333/0001-81), " +
        "que opera a Festa Solidária e repassa a doação à instituição.",
    );
  });
});
