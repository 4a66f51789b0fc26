import { describe, expect, it } from "vitest";
import { bestUnitFor, describeNetShareInUnits, impactLineForPreset } from "./impact-units";

const consulta = { singular: "consulta", plural: "consultas", costCents: 8000 };
const exame = { singular: "exame", plural: "exames", costCents: 2500 };

describe("impact units", () => {
  it("picks the dearest unit the amount pays in full, else the cheapest", () => {
    expect(bestUnitFor(10000, [consulta, exame])).toBe(consulta);
    expect(bestUnitFor(5000, [consulta, exame])).toBe(exame);
    expect(bestUnitFor(1000, [consulta, exame])).toBe(exame);
    expect(bestUnitFor(1000, [])).toBeNull();
  });

  it("describes an amount in units, with singular and plural", () => {
    expect(describeNetShareInUnits(160000, [consulta])).toBe(
      "Os R$ 1.600,00 que chegam à instituição equivalem a 20 consultas (R$ 80,00 cada).",
    );
    expect(describeNetShareInUnits(8000, [consulta])).toBe("Os R$ 80,00 que chegam à instituição equivalem a 1 consulta (R$ 80,00 cada).");
    expect(describeNetShareInUnits(2000, [consulta])).toBe(
      "Os R$ 20,00 que chegam à instituição cobrem 25% do custo de 1 consulta (R$ 80,00).",
    );
    expect(describeNetShareInUnits(0, [consulta])).toBeNull();
  });

  it("writes /doar's preset lines in the institution's own words", () => {
    expect(impactLineForPreset(100, [consulta])).toBe("Paga 1 consulta (R$ 80,00 cada).");
    expect(impactLineForPreset(250, [consulta, exame])).toBe("Paga 3 consultas (R$ 80,00 cada).");
    expect(impactLineForPreset(10, [consulta])).toBe("Cobre 13% de 1 consulta (R$ 80,00).");
    expect(impactLineForPreset(10, [])).toBeNull();
  });
});
