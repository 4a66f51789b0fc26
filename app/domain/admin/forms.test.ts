import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { CAUSE_ICONS, CNPJ_MESSAGES, PIX_MESSAGES } from "~/domain/organizations";
import {
  adSchema,
  adUpdateSchema,
  causeSchema,
  familiesHelpedSchema,
  grantAdminSchema,
  organizationSchema,
  organizationUpdateSchema,
  organizationVerificationSchema,
  partyMoveSchema,
  partyUpdateSchema,
  storySchema,
} from "./forms";
import { toggleActiveSchema } from "~/platform/forms/fields";

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

  it("party edit: a real calendar date, the goal in reais (blank is no goal), no cause (the institution's, decision 165)", () => {
    const base = { id: UUID, name: "Festa", eventType: "Formatura", eventDate: "2030-01-15" };
    expect(value(parseSubmission(form({ ...base, goal: "1.500,50", message: " ", causeId: UUID }), partyUpdateSchema))).toEqual({
      ...base,
      goal: 150_050,
      message: null,
    });
    expect(value(parseSubmission(form(base), partyUpdateSchema))).toMatchObject({ goal: 0 });
    expect(
      errors(parseSubmission(form({ ...base, eventType: "Churrasco", eventDate: "2026-02-30", goal: "-5" }), partyUpdateSchema)),
    ).toEqual({
      eventType: ["Escolha o tipo de evento."],
      eventDate: ["Informe uma data válida."],
      goal: ["A meta não pode ser negativa."],
    });
  });

  it("party move: a new institution, a reason of at least 10 characters and the confirmation", () => {
    const ok = { id: UUID, organizationId: UUID, reason: "  Pedido da família  ", confirmed: "sim" };
    expect(value(parseSubmission(form(ok), partyMoveSchema))).toEqual({ ...ok, reason: "Pedido da família" });
    expect(errors(parseSubmission(form({ id: UUID, organizationId: "", reason: "curto" }), partyMoveSchema))).toEqual({
      organizationId: ["Escolha a nova instituição."],
      reason: ["Explique o motivo em pelo menos 10 caracteres."],
      confirmed: ["Confirme que as doações já pagas continuam com a instituição atual."],
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

  const ONG = {
    name: " Instituto Prato Cheio ",
    legalName: "Instituto Prato Cheio de Segurança Alimentar",
    cnpj: "21.593.847/0001-05",
    slug: " Prato-Cheio ",
    city: "Contagem",
    state: "mg",
    description: "Cozinha comunitária",
  };

  it("ONGs: CNPJ as 14 digits, anchor and UF normalised, blank optional fields null, the checkbox a boolean", () => {
    expect(value(parseSubmission(form({ ...ONG, causeId: "", email: " ", pixKeyType: "", pixKey: "" }), organizationSchema))).toEqual({
      name: "Instituto Prato Cheio",
      legalName: "Instituto Prato Cheio de Segurança Alimentar",
      cnpj: "21593847000105",
      slug: "prato-cheio",
      causeId: null,
      city: "Contagem",
      state: "MG",
      description: "Cozinha comunitária",
      bannerUrl: null,
      email: null,
      logoUrl: null,
      siteUrl: null,
      pixKeyType: null,
      pixKey: null,
      isMain: false,
    });
    expect(value(parseSubmission(form({ ...ONG, isMain: "on", causeId: UUID }), organizationSchema))).toMatchObject({
      isMain: true,
      causeId: UUID,
    });
    expect(
      errors(parseSubmission(form({ ...ONG, cnpj: "", state: "XX", slug: "Prato Cheio!", causeId: "x" }), organizationSchema)),
    ).toEqual({
      cnpj: [CNPJ_MESSAGES.required],
      state: ["Escolha o estado (UF)."],
      slug: ["Use letras minúsculas sem acento, números e hífens, por exemplo aadora."],
      causeId: ["Escolha uma causa da lista."],
    });
    expect(errors(parseSubmission(form({ ...ONG, id: "1" }), organizationUpdateSchema))).toEqual({ id: ["Registro inválido."] });
  });

  it("ONGs: the Pix key is checked against its type (in the browser too) and kept as the directory writes it", () => {
    expect(value(parseSubmission(form({ ...ONG, pixKeyType: "telefone", pixKey: "(31) 99876-5432" }), organizationSchema))).toMatchObject({
      pixKeyType: "telefone",
      pixKey: "+5531998765432",
    });
    expect(errors(parseSubmission(form({ ...ONG, pixKeyType: "cpf", pixKey: "529.982.247-24" }), organizationSchema))).toEqual({
      pixKey: [PIX_MESSAGES.cpf],
    });
    expect(errors(parseSubmission(form({ ...ONG, pixKeyType: "", pixKey: "pix@pratocheio.org.br" }), organizationSchema))).toEqual({
      pixKeyType: [PIX_MESSAGES.keyWithoutType],
    });
    expect(errors(parseSubmission(form({ ...ONG, pixKeyType: "email", pixKey: " " }), organizationSchema))).toEqual({
      pixKey: [PIX_MESSAGES.required],
    });
  });

  it("ONGs: verification is one of the two buttons, with an optional note", () => {
    expect(value(parseSubmission(form({ id: UUID, decision: "verificar", note: " " }), organizationVerificationSchema))).toEqual({
      id: UUID,
      decision: "verificar",
      note: null,
    });
    expect(errors(parseSubmission(form({ id: UUID, decision: "aprovar" }), organizationVerificationSchema))).toEqual({
      decision: ["Ação inválida."],
    });
  });
});
