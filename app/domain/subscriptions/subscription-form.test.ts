import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";

/** What a successful parse gives (undefined when refused). */
const valueOf = (result: { status?: string; value?: unknown } | object) => ("value" in result ? result.value : undefined);
import { subscriptionFormSchema } from "./subscription-form";

const parse = (fields: Record<string, string>) => parseSubmission(new URLSearchParams(fields), subscriptionFormSchema);

describe("the Assine o Bem form", () => {
  it("reads a plan id and nothing else: a posted price or amount is dropped", () => {
    const result = parse({ intent: "assinar", plano: "prata", priceId: "price_sbx_diamante", amount: "1" });
    expect(result.status).toBe("success");
    expect(valueOf(result)).toEqual({ intent: "assinar", plano: "prata" });
    // A plan button without an intent is still a subscription, as before.
    expect(valueOf(parse({ plano: "ouro" }))).toEqual({ intent: "assinar", plano: "ouro" });
    expect(valueOf(parse({ intent: "gerenciar", plano: "platina" }))).toEqual({ intent: "gerenciar" });
  });

  it("refuses a plan that is not one of the domain's plan ids, and an unknown intent", () => {
    const refused: Array<Record<string, string>> = [
      { intent: "assinar", plano: "platina" },
      { intent: "assinar" },
      { intent: "hackear", plano: "prata" },
    ];
    for (const fields of refused) {
      expect(parse(fields).status).toBe("error");
    }
  });
});
