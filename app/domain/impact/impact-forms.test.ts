import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { impactUnitSchema, impactUpdateSchema } from "./impact-forms";

const ORG = "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("Impacto tab forms", () => {
  it("reads a unit's cost in reais as centavos and refuses nonsense", () => {
    const ok = parseSubmission(form({ organizationId: ORG, singular: "consulta", plural: "consultas", cost: "80,50" }), impactUnitSchema);
    expect(ok.status === "success" && ok.value.cost).toBe(8050);
    for (const cost of ["0", "abc", "-5"]) {
      const bad = parseSubmission(form({ organizationId: ORG, singular: "consulta", plural: "consultas", cost }), impactUnitSchema);
      expect(bad.status).toBe("error");
    }
  });

  it("an update needs a month in AAAA-MM", () => {
    const base = { organizationId: ORG, title: "Mutirão", body: "40 famílias" };
    expect(parseSubmission(form({ ...base, month: "2026-03" }), impactUpdateSchema).status).toBe("success");
    expect(parseSubmission(form({ ...base, month: "03/2026" }), impactUpdateSchema).status).toBe("error");
    expect(parseSubmission(form({ ...base, month: "2026-13" }), impactUpdateSchema).status).toBe("error");
  });
});
