import { describe, expect, it } from "vitest";
import { formBody as form, parseErrors as errors, parsedValue as value } from "@tests/forms";
import { parseSubmission } from "~/platform/forms/submission";
import { CAUSE_ICONS } from "./cause-icons";
import { causeSchema } from "./cause-form";

describe("the Causas tab's form (the same in the browser and in the action)", () => {
  it("trims text, gives the tab's pt-BR message for a missing or blank field, and blank optional text is null", () => {
    expect(errors(parseSubmission(form({ name: " ", description: "" }), causeSchema))).toEqual({
      name: ["Informe o nome da causa."],
      description: ["Informe a descrição da causa."],
    });
    expect(value(parseSubmission(form({ name: "  Fome ", description: "Zero", icon: " " }), causeSchema))).toEqual({
      name: "Fome",
      description: "Zero",
      icon: null,
    });
    expect(errors(parseSubmission(form({ name: "x".repeat(81), description: "d" }), causeSchema))).toEqual({
      name: ["Use no máximo 80 caracteres."],
    });
  });

  it("causes: a name of 3 to 80 characters and an icon from the known set (or none)", () => {
    expect(errors(parseSubmission(form({ name: " Ab ", description: "d" }), causeSchema))).toEqual({
      name: ["O nome da causa precisa ter pelo menos 3 caracteres."],
    });
    for (const icon of ["heart", "<b>", "🍲🍲", "💔"]) {
      expect(errors(parseSubmission(form({ name: "Fome", description: "d", icon }), causeSchema))).toEqual({
        icon: ["Escolha um ícone da lista."],
      });
    }
    for (const icon of CAUSE_ICONS) {
      expect(value(parseSubmission(form({ name: "Fome", description: "d", icon }), causeSchema))).toMatchObject({ icon });
    }
  });
});
