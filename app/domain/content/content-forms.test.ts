import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { adSchema, adUpdateSchema, familiesHelpedSchema, storySchema } from "./content-forms";

const AD = { title: "Feira", description: "Frutas", ctaText: "Ver", ctaUrl: "/causas", sponsor: "Quitanda" };

describe("the admin panel's content forms (the same in the browser and in the action)", () => {
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
});
