import { describe, expect, it } from "vitest";
import { payoutFaqAnswer, transferDueLine } from "./payout-texts";

describe("transfer due line", () => {
  it("says when the transfer is due, and never a due date in the past as if it were still ahead", () => {
    expect(transferDueLine("2026-11-23", "2026-11-20")).toBe("Repasse à instituição previsto até 23/11/2026");
    expect(transferDueLine("2026-11-23", "2026-11-23")).toBe("Repasse à instituição previsto até 23/11/2026");
    expect(transferDueLine("2026-11-23", "2026-11-24")).toBe("Repasse à instituição em andamento (prazo: 23/11/2026)");
  });
});

describe("the FAQ's payout answer", () => {
  it("describes today's payouts: parties from the event date, direct gifts and Assine o Bem by payment method", () => {
    const answer = payoutFaqAnswer(10);
    expect(answer).toContain("33 dias corridos a partir da data do evento");
    expect(answer).toContain("mensalidades do Assine o Bem");
    expect(answer).toContain("Pix depois do prazo de contestação do MED, cartão 33 dias depois do pagamento");
    expect(answer).toContain("em até 3 dias úteis");
    expect(answer).toContain("taxa de 10% da plataforma");
  });
});
