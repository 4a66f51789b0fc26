import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value, TEST_UUID as UUID } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { partyMoveSchema, partyUpdateSchema } from "./party-admin-form";

describe("Festas tab form schemas (the same in the browser and in the action)", () => {
  it("party edit: a real calendar date, the goal in reais (blank is no goal), no cause (the institution's, decision 165)", () => {
    const base = { id: UUID, name: "Festa", eventType: "Formatura", eventDate: "2030-01-15" };
    expect(value(parseSubmission(form({ ...base, goal: "1.500,50", message: " ", causeId: UUID }), partyUpdateSchema))).toEqual({
      ...base,
      goal: 150_050,
      message: null,
    });
    expect(value(parseSubmission(form(base), partyUpdateSchema))).toMatchObject({ goal: 0 });
    expect(
      errors(parseSubmission(form({ ...base, eventType: "Churrasco", eventDate: "2026-02-30", goal: "-5" }), partyUpdateSchema)),
    ).toEqual({
      eventType: ["Escolha o tipo de evento."],
      eventDate: ["Informe uma data válida."],
      goal: ["A meta não pode ser negativa."],
    });
  });

  it("party move: a new institution, a reason of at least 10 characters and the confirmation", () => {
    const ok = { id: UUID, organizationId: UUID, reason: "  Pedido da família  ", confirmed: "sim" };
    expect(value(parseSubmission(form(ok), partyMoveSchema))).toEqual({ ...ok, reason: "Pedido da família" });
    expect(errors(parseSubmission(form({ id: UUID, organizationId: "", reason: "curto" }), partyMoveSchema))).toEqual({
      organizationId: ["Escolha a nova instituição."],
      reason: ["Explique o motivo em pelo menos 10 caracteres."],
      confirmed: ["Confirme que as doações já pagas continuam com a instituição atual."],
    });
  });
});
