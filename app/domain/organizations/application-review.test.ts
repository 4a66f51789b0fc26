import { describe, expect, it } from "vitest";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { applicationReviewSchema, compareWithRegistry, REVIEW_MESSAGES } from "./application-review";
import type { RegistryCompany } from "./cnpj-registry";

const company: RegistryCompany = {
  cnpj: "24581367000104",
  legalName: "ASSOCIACAO MAOS QUE AJUDAM",
  tradeName: "MAOS QUE AJUDAM",
  status: "ATIVA",
  cnae: null,
  address: { street: "", number: "", complement: "", district: "", city: "BELO HORIZONTE", state: "MG", zip: "" },
};

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ id: "0b7c1f0e-8a57-4a43-9d1e-2f3c4b5a6d7e", ...fields })) form.set(k, v);
  return parseFormSubmission(form, applicationReviewSchema);
};
const firstError = (r: ReturnType<typeof parse>) => (r.status === "success" ? null : Object.values(r.reply().error ?? {})[0]?.[0]);

describe("application review", () => {
  it("highlights only real differences: case, accents and punctuation are not one", () => {
    const rows = compareWithRegistry(
      { legalName: "Associação Mãos que Ajudam", tradeName: "Mãos que Ajudam", city: "Contagem", state: "MG" },
      company,
    );
    expect(rows.map((r) => [r.label, r.differs])).toEqual([
      ["Razão social", false],
      ["Nome fantasia", false],
      ["Cidade", true],
      ["UF", false],
    ]);
  });

  it("shows no registry column and no difference when the registry was not consulted", () => {
    expect(
      compareWithRegistry({ legalName: "X", tradeName: null, city: "Y", state: "MG" }, null).every(
        (r) => r.registry === null && !r.differs,
      ),
    ).toBe(true);
  });

  it("approval needs a note and the registry check or a written reason why not", () => {
    expect(firstError(parse({ decision: "aprovar", registryChecked: "on" }))).toBe(REVIEW_MESSAGES.note);
    expect(firstError(parse({ decision: "aprovar", note: "Documentos conferidos." }))).toBe(REVIEW_MESSAGES.registryNotChecked);
    expect(parse({ decision: "aprovar", note: "Documentos conferidos.", registryChecked: "on" }).status).toBe("success");
    expect(
      parse({ decision: "aprovar", note: "Documentos conferidos.", noRegistryReason: "Receita fora do ar; conferi o cartão CNPJ." }).status,
    ).toBe("success");
  });

  it("adjustments and refusals need the reason the applicant will read", () => {
    expect(firstError(parse({ decision: "ajustes" }))).toBe(REVIEW_MESSAGES.reason);
    expect(firstError(parse({ decision: "recusar", reason: "curto" }))).toBe(REVIEW_MESSAGES.reason);
    expect(parse({ decision: "recusar", reason: "O estatuto enviado é de outra instituição." }).status).toBe("success");
  });
});
