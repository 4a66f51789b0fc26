import { describe, expect, it } from "vitest";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { APPLICATION_FIELD_MESSAGES, applicationSchema } from "./application-form";
import { CNPJ_MESSAGES } from "./cnpj";
import { PIX_MESSAGES } from "./pix-key";

const valid = {
  cnpj: "12.abc.345/01de-35",
  legalName: "  Coletivo   Horta Viva ",
  tradeName: "Horta Viva",
  causeId: "0b7c1f0e-8a57-4a43-9d1e-2f3c4b5a6d7e",
  city: "São Paulo",
  state: "sp",
  contactEmail: "Contato@HortaViva.org.br",
  contactPhone: "(11) 98765-4321",
  pixKeyType: "cnpj",
  pixKey: "12.ABC.345/01DE-35",
  description: "Hortas comunitárias em escolas públicas da zona leste de São Paulo.",
};

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseFormSubmission(form, applicationSchema);
}

describe("institution application form", () => {
  it("keeps an alphanumeric CNPJ, the Pix key as the directory writes it, tidy names", () => {
    const parsed = parse(valid);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      cnpj: "12ABC34501DE35",
      legalName: "Coletivo Horta Viva",
      state: "SP",
      contactEmail: "contato@hortaviva.org.br",
      pixKey: "12ABC34501DE35",
    });
  });

  it.each([
    [{ cnpj: "12.ABC.345/01DE-36" }, "cnpj", CNPJ_MESSAGES.checkDigits],
    [{ cnpj: "" }, "cnpj", CNPJ_MESSAGES.required],
    [{ legalName: "AB" }, "legalName", APPLICATION_FIELD_MESSAGES.legalName],
    [{ causeId: "" }, "causeId", APPLICATION_FIELD_MESSAGES.cause],
    [{ state: "XX" }, "state", APPLICATION_FIELD_MESSAGES.state],
    [{ contactEmail: "contato@" }, "contactEmail", APPLICATION_FIELD_MESSAGES.email],
    [{ pixKeyType: "email", pixKey: "pix@" }, "pixKey", PIX_MESSAGES.email],
    [{ description: "Ajudamos." }, "description", APPLICATION_FIELD_MESSAGES.description],
  ])("refuses %o with a pt-BR message on %s and gives back what was typed", (change, field, message) => {
    const parsed = parse({ ...valid, ...change });
    expect(parsed.status).not.toBe("success");
    const reply = parsed.reply();
    expect(reply.error?.[field]?.[0]).toBe(message);
    const typed = reply.initialValue as Record<string, string>;
    for (const [name, value] of Object.entries({ ...valid, ...change })) if (value) expect(typed[name]).toBe(value);
  });
});
