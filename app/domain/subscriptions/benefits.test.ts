import { describe, expect, it } from "vitest";
import { muralSchema, visitSchema } from "./benefit-forms";
import { BENEFIT_LABELS, muralDefaultName, offeredBenefits, planIncludes, plansWith } from "./benefits";
import { PLANS, getPlan } from "./plans";

describe("Assine o Bem benefits", () => {
  it("each plan has the ones before it, and the labels the plan cards show", () => {
    for (let i = 1; i < PLANS.length; i++) {
      expect(PLANS[i]!.benefits.slice(0, PLANS[i - 1]!.benefits.length)).toEqual(PLANS[i - 1]!.benefits);
    }
    expect(plansWith("mural").map((p) => p.id)).toEqual(["ouro", "diamante"]);
    expect(plansWith("visita").map((p) => p.id)).toEqual(["diamante"]);
    expect(planIncludes("bronze", "whatsapp")).toBe(false);
    expect(planIncludes(null, "mural")).toBe(false);
    expect(BENEFIT_LABELS.mural).toBe("Nome no mural de apoiadores");
  });

  it("the WhatsApp group is offered only once the operator set its link", () => {
    const ouro = getPlan("ouro")!;
    expect(offeredBenefits(ouro, { whatsappGroup: false })).toEqual(["relatorio", "certificado", "mural"]);
    expect(offeredBenefits(ouro, { whatsappGroup: true })).toEqual(["relatorio", "certificado", "whatsapp", "mural"]);
  });

  it("the mural's default name is the first name and an initial, never more", () => {
    expect(muralDefaultName("Mariana Costa Lima")).toBe("Mariana L.");
    expect(muralDefaultName("  joão  ")).toBe("joão");
    expect(muralDefaultName("")).toBe("Assinante do Bem");
  });

  it("the mural form is off unless ticked and refuses an e-mail as the name", () => {
    expect(muralSchema.safeParse({ intent: "mural" }).data).toEqual({ intent: "mural" });
    expect(muralSchema.safeParse({ intent: "mural", mostrar: "sim", nomeMural: "ana@exemplo.com" }).success).toBe(false);
    expect(muralSchema.safeParse({ intent: "mural", mostrar: "sim", nomeMural: "Família Souza" }).success).toBe(true);
  });

  it("the visit form wants dates and 1 to 10 people", () => {
    expect(visitSchema.safeParse({ intent: "visita", datas: "sábados", pessoas: "3" }).data).toMatchObject({ pessoas: 3 });
    expect(visitSchema.safeParse({ intent: "visita", datas: "sábados", pessoas: "0" }).success).toBe(false);
    expect(visitSchema.safeParse({ intent: "visita", datas: "sábados", pessoas: "11" }).success).toBe(false);
    expect(visitSchema.safeParse({ intent: "visita", datas: "", pessoas: "2" }).success).toBe(false);
  });
});
