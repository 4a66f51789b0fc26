import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { loginSchema, MESSAGES, resetFormAlert, resetSchema, signupSchema } from "./auth-forms";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("account form schemas", () => {
  it("give one pt-BR message per field, whether a field is empty or missing", () => {
    expect(parseSubmission(form({ email: " ", password: "" }), loginSchema).reply().error).toEqual({
      email: [MESSAGES.emailRequired],
      password: [MESSAGES.passwordRequired],
    });
    expect(parseSubmission(form({}), signupSchema).reply().error).toMatchObject({
      name: [MESSAGES.nameRequired],
      email: [MESSAGES.emailRequired],
    });
  });

  it("trims the e-mail and the name", () => {
    const ok = parseSubmission(form({ name: "  Ana ", email: " ana@exemplo.com.br ", password: "segredo1" }), signupSchema);
    expect(ok.status === "success" && ok.value).toEqual({ name: "Ana", email: "ana@exemplo.com.br", password: "segredo1" });
  });

  it("reset: checks the lengths first, then that both passwords match", () => {
    const short = parseSubmission(form({ token: "t", password: "123", confirm: "123" }), resetSchema);
    expect(short.reply().error).toEqual({ password: [MESSAGES.passwordShort], confirm: [MESSAGES.passwordShort] });
    expect(resetFormAlert(short.reply().error!)).toEqual({ title: "Senha muito curta", description: MESSAGES.passwordShort });
    const mismatch = parseSubmission(form({ token: "t", password: "nova123", confirm: "outra123" }), resetSchema);
    expect(mismatch.reply().error).toEqual({ confirm: [MESSAGES.mismatch] });
    expect(resetFormAlert(mismatch.reply().error!)).toEqual({ title: "Senhas não coincidem", description: MESSAGES.mismatch });
    expect(parseSubmission(form({ token: "t", password: "nova123", confirm: "nova123" }), resetSchema).status).toBe("success");
  });
});
