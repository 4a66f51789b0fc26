import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { grantAdminSchema } from "./admin-role-forms";

describe("the Equipe tab's forms (the same in the browser and in the action)", () => {
  it("grant: the e-mail is trimmed and compared in lower case", () => {
    expect(value(parseSubmission(form({ email: " Joana@Exemplo.com.BR " }), grantAdminSchema))).toEqual({ email: "joana@exemplo.com.br" });
    expect(errors(parseSubmission(form({ email: "joana" }), grantAdminSchema))).toEqual({ email: ["Informe um e-mail válido."] });
  });
});
