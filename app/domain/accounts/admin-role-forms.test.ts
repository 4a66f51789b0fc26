import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { grantAdminSchema } from "./admin-role-forms";

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

describe("the Equipe tab's forms (the same in the browser and in the action)", () => {
  it("grant: the e-mail is trimmed and compared in lower case", () => {
    expect(value(parseSubmission(form({ email: " Joana@Exemplo.com.BR " }), grantAdminSchema))).toEqual({ email: "joana@exemplo.com.br" });
    expect(errors(parseSubmission(form({ email: "joana" }), grantAdminSchema))).toEqual({ email: ["Informe um e-mail válido."] });
  });
});
