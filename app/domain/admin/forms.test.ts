import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { CAUSE_ICONS } from "~/domain/organizations";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "~/domain/payouts";
import { adSchema, adUpdateSchema, causeSchema, familiesHelpedSchema, grantAdminSchema, storySchema } from "./forms";
import { toggleActiveSchema } from "~/platform/forms/fields";
import { payoutTransferSchema } from "./payout-forms";

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
};
const errors = (result: ReturnType<typeof parseSubmission>) => result.reply().error;
const value = <T>(result: { status?: string; value?: T }) => {
  expect(result.status).toBe("success");
  return result.value as T;
};
const UUID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const AD = { title: "Feira", description: "Frutas", ctaText: "Ver", ctaUrl: "/causas", sponsor: "Quitanda" };

describe("admin form schemas (the same in the browser and in the action)", () => {
  it("trims text, gives the tab's pt-BR message for a missing or blank field, and blank optional text is null", () => {
    expect(errors(parseSubmission(form({ name: " ", description: "" }), causeSchema))).toEqual({
      name: ["Informe o nome da causa."],
      description: ["Informe a descrição da causa."],
    });
    expect(value(parseSubmission(form({ name: "  Fome ", description: "Zero", icon: " " }), causeSchema))).toEqual({
      name: "Fome",
      description: "Zero",
      icon: null,
    });
    expect(errors(parseSubmission(form({ name: "x".repeat(81), description: "d" }), causeSchema))).toEqual({
      name: ["Use no máximo 80 caracteres."],
    });
  });

  it("accepts only http(s) image addresses on stories", () => {
    for (const imageUrl of ["foto.jpg", "javascript:alert(1)", "ftp://example.com/a.jpg"]) {
      expect(errors(parseSubmission(form({ title: "T", description: "D", imageUrl }), storySchema))).toEqual({
        imageUrl: ["A URL da imagem deve começar com http:// ou https://."],
      });
    }
    expect(
      value(parseSubmission(form({ title: "T", description: "D", imageUrl: "https://exemplo.com/a.jpg" }), storySchema)),
    ).toMatchObject({ imageUrl: "https://exemplo.com/a.jpg" });
  });

  it("reads the families figure with thousands dots, and refuses other text; its source and report date are required", () => {
    const report = { familiesSource: "o relatório anual da AADORA", familiesReportedOn: "2026-10-31" };
    expect(value(parseSubmission(form({ familiesHelped: " 2.847 ", ...report }), familiesHelpedSchema))).toEqual({
      familiesHelped: 2847,
      ...report,
    });
    expect(errors(parseSubmission(form({ familiesHelped: "-3", ...report }), familiesHelpedSchema))).toEqual({
      familiesHelped: ["Use só números inteiros, por exemplo 2847."],
    });
    expect(errors(parseSubmission(form({ familiesHelped: "100000001", ...report }), familiesHelpedSchema))).toEqual({
      familiesHelped: ["Esse número parece grande demais."],
    });
    expect(errors(parseSubmission(form(report), familiesHelpedSchema))).toEqual({ familiesHelped: ["Informe o número de famílias."] });
    expect(errors(parseSubmission(form({ familiesHelped: "10", familiesReportedOn: "2026-02-30" }), familiesHelpedSchema))).toEqual({
      familiesSource: ["Diga de onde vem o número, por exemplo: o relatório anual da AADORA."],
      familiesReportedOn: ["Informe a data do relatório."],
    });
  });

  it("grant: the e-mail is trimmed and compared in lower case", () => {
    expect(value(parseSubmission(form({ email: " Joana@Exemplo.com.BR " }), grantAdminSchema))).toEqual({ email: "joana@exemplo.com.br" });
    expect(errors(parseSubmission(form({ email: "joana" }), grantAdminSchema))).toEqual({ email: ["Informe um e-mail válido."] });
  });

  it("ads: one or several pages (each a known one), order 0 when blank, links http(s) or a site path", () => {
    expect(value(parseSubmission(form({ ...AD, placements: "home" }), adSchema))).toMatchObject({
      placements: ["home"],
      sortOrder: 0,
      imageUrl: null,
    });
    expect(value(parseSubmission(form({ ...AD, placements: ["home", "festa"], sortOrder: "12" }), adSchema))).toMatchObject({
      placements: ["home", "festa"],
      sortOrder: 12,
    });
    expect(errors(parseSubmission(form(AD), adSchema))).toEqual({ placements: ["Escolha pelo menos uma página."] });
    expect(errors(parseSubmission(form({ ...AD, placements: "nowhere" }), adSchema))).toEqual({ "placements[0]": ["Página inválida."] });
    // No ad where people pay: /doar is not a placement an admin can pick.
    expect(errors(parseSubmission(form({ ...AD, placements: "doar" }), adSchema))).toEqual({ "placements[0]": ["Página inválida."] });
    expect(
      errors(
        parseSubmission(
          form({ ...AD, placements: "home", sortOrder: "1.5", ctaUrl: "//evil.example", imageUrl: "javascript:x" }),
          adSchema,
        ),
      ),
    ).toEqual({
      sortOrder: ["Use um número inteiro."],
      ctaUrl: ["Informe um endereço http(s) ou um caminho do site que comece com /."],
      imageUrl: ["Informe um endereço http(s) ou um caminho do site que comece com /."],
    });
    // A site path a browser reads as another host is no site path (security review finding 8).
    for (const url of ["/\\evil.example", "/.//evil.example"])
      expect(errors(parseSubmission(form({ ...AD, placements: "home", ctaUrl: url, imageUrl: url }), adSchema)), url).toEqual({
        ctaUrl: ["Informe um endereço http(s) ou um caminho do site que comece com /."],
        imageUrl: ["Informe um endereço http(s) ou um caminho do site que comece com /."],
      });
    expect(errors(parseSubmission(form({ ...AD, placements: "home", sortOrder: "-1" }), adSchema))).toEqual({
      sortOrder: ["Use 0 ou mais."],
    });
    expect(errors(parseSubmission(form({ ...AD, placements: "home" }), adUpdateSchema))).toEqual({ id: ["Registro inválido."] });
  });

  it("switches post 'true' or 'false' for a record id", () => {
    expect(value(parseSubmission(form({ id: UUID, active: "false" }), toggleActiveSchema))).toEqual({ id: UUID, active: false });
    expect(errors(parseSubmission(form({ id: "1", active: "sim" }), toggleActiveSchema))).toEqual({
      id: ["Registro inválido."],
      active: ["Valor inválido."],
    });
  });

  it("causes: a name of 3 to 80 characters and an icon from the known set (or none)", () => {
    expect(errors(parseSubmission(form({ name: " Ab ", description: "d" }), causeSchema))).toEqual({
      name: ["O nome da causa precisa ter pelo menos 3 caracteres."],
    });
    for (const icon of ["heart", "<b>", "🍲🍲", "💔"]) {
      expect(errors(parseSubmission(form({ name: "Fome", description: "d", icon }), causeSchema))).toEqual({
        icon: ["Escolha um ícone da lista."],
      });
    }
    for (const icon of CAUSE_ICONS) {
      expect(value(parseSubmission(form({ name: "Fome", description: "d", icon }), causeSchema))).toMatchObject({ icon });
    }
  });

  it("payouts: a link or a file, the file at most 10 MB (checked before sending), a reason before the settlement date", () => {
    const multipart = (fields: Record<string, string | File>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      return body;
    };
    const empty = new File([], "", { type: "application/octet-stream" }); // what an untouched file input posts
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofUrl: "", proofFile: empty }), payoutTransferSchema()))).toEqual({
      proofUrl: ["Informe o link do comprovante ou envie o arquivo."],
    });
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofUrl: "ftp://banco" }), payoutTransferSchema()))).toEqual({
      proofUrl: ["O link do comprovante deve começar com http:// ou https://."],
    });
    const big = new File([new Uint8Array(MAX_PROOF_BYTES + 1)], "extrato.pdf");
    expect(errors(parseSubmission(multipart({ partyId: UUID, proofFile: big }), payoutTransferSchema()))).toEqual({
      proofFile: [PROOF_MESSAGES.tooLarge],
    });
    const pdf = new File(["%PDF-1.7"], "c.pdf");
    expect(value(parseSubmission(multipart({ partyId: UUID, proofFile: pdf, earlyReason: " " }), payoutTransferSchema()))).toEqual({
      partyId: UUID,
      proofUrl: null,
      proofFile: pdf,
      earlyReason: null,
    });

    const early = payoutTransferSchema({ settlementDate: "2026-04-17" });
    const link = { partyId: UUID, proofUrl: "https://banco.example/1" };
    expect(errors(parseSubmission(form(link), early))).toEqual({
      earlyReason: ["A operadora só liquida as doações em 17/04/2026. Para repassar antes, informe o motivo."],
    });
    expect(errors(parseSubmission(form({ ...link, earlyReason: "urgente" }), early))).toEqual({
      earlyReason: ["Descreva o motivo com pelo menos 10 caracteres."],
    });
    expect(value(parseSubmission(form({ ...link, earlyReason: " Cirurgia marcada " }), early))).toMatchObject({
      earlyReason: "Cirurgia marcada",
    });
  });
});
