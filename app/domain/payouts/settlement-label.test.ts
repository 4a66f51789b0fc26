import { describe, expect, it } from "vitest";
import { settlementLabel } from "./party-payouts.server";

describe("/painel's settlement line follows how the gifts came", () => {
  it("names the card, Pix, or both", () => {
    expect(settlementLabel([])).toBe("Liquidação do cartão");
    expect(settlementLabel(["card"])).toBe("Liquidação do cartão");
    expect(settlementLabel(["pix"])).toBe("Liberação do Pix (após o prazo do MED)");
    expect(settlementLabel(["pix", "card"])).toBe("Liberação (cartão e Pix após o MED)");
  });
});
