import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value, TEST_UUID as UUID } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { CNPJ_MESSAGES } from "./cnpj";
import { organizationSchema, organizationUpdateSchema, organizationVerificationSchema } from "./organization-form";
import { PIX_MESSAGES } from "./pix-key";

describe("ONGs tab form schemas (the same in the browser and in the action)", () => {
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
