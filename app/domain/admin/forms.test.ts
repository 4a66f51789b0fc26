import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import {
  adSchema,
  adUpdateSchema,
  causeSchema,
  familiesHelpedSchema,
  grantAdminSchema,
  partyUpdateSchema,
  storySchema,
  toggleActiveSchema,
} from "./forms";

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

  it("reads the families figure with thousands dots, and refuses other text", () => {
    expect(value(parseSubmission(form({ familiesHelped: " 2.847 " }), familiesHelpedSchema))).toEqual({ familiesHelped: 2847 });
    expect(errors(parseSubmission(form({ familiesHelped: "-3" }), familiesHelpedSchema))).toEqual({
      familiesHelped: ["Use só números inteiros, por exemplo 2847."],
    });
    expect(errors(parseSubmission(form({ familiesHelped: "100000001" }), familiesHelpedSchema))).toEqual({
      familiesHelped: ["Esse número parece grande demais."],
    });
    expect(errors(parseSubmission(form({}), familiesHelpedSchema))).toEqual({ familiesHelped: ["Informe o número de famílias."] });
  });

  it("party edit: a real calendar date, the goal in reais (blank is no goal), a cause id", () => {
    const base = { id: UUID, name: "Festa", eventDate: "2030-01-15", causeId: UUID };
    expect(value(parseSubmission(form({ ...base, goal: "1.500,50", message: " " }), partyUpdateSchema))).toEqual({
      ...base,
      goal: 150_050,
      message: null,
    });
    expect(value(parseSubmission(form(base), partyUpdateSchema))).toMatchObject({ goal: 0 });
    expect(errors(parseSubmission(form({ ...base, eventDate: "2026-02-30", goal: "-5", causeId: "x" }), partyUpdateSchema))).toEqual({
      eventDate: ["Informe uma data válida."],
      goal: ["A meta não pode ser negativa."],
      causeId: ["Escolha a ONG/Causa."],
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
    expect(value(parseSubmission(form({ ...AD, placements: ["home", "doar"], sortOrder: "12" }), adSchema))).toMatchObject({
      placements: ["home", "doar"],
      sortOrder: 12,
    });
    expect(errors(parseSubmission(form(AD), adSchema))).toEqual({ placements: ["Escolha pelo menos uma página."] });
    expect(errors(parseSubmission(form({ ...AD, placements: "nowhere" }), adSchema))).toEqual({ "placements[0]": ["Página inválida."] });
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
});
