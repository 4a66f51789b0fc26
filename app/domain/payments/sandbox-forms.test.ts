import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";

/** What a successful parse gives (undefined when refused). */
const valueOf = (result: { status?: string; value?: unknown } | object) => ("value" in result ? result.value : undefined);
import { sandboxOutcomeSchema, sandboxPortalSchema } from "./sandbox-forms";

const parse = <S extends typeof sandboxOutcomeSchema | typeof sandboxPortalSchema>(schema: S, fields: Record<string, string>) =>
  parseSubmission(new URLSearchParams(fields), schema);

describe("the sandbox pages' buttons", () => {
  it("checkout: one of the three outcomes, nothing else (not even an inherited name such as toString)", () => {
    expect(valueOf(parse(sandboxOutcomeSchema, { intent: "pagar" }))).toEqual({ intent: "pagar" });
    for (const intent of ["toString", "voltar", ""]) expect(parse(sandboxOutcomeSchema, { intent }).status).toBe("error");
  });

  it("portal: a known choice; an unknown plan is no plan (the choice then explains), not a crash", () => {
    expect(valueOf(parse(sandboxPortalSchema, { intent: "mudar", plano: "ouro" }))).toEqual({ intent: "mudar", plano: "ouro" });
    expect(valueOf(parse(sandboxPortalSchema, { intent: "mudar", plano: "x" }))).toEqual({ intent: "mudar", plano: undefined });
    expect(parse(sandboxPortalSchema, { intent: "hackear" }).status).toBe("error");
  });
});
