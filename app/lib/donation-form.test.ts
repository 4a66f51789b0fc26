import { describe, expect, it } from "vitest";
import { DONATION_MESSAGES, parseDonationAmount } from "./donation-form";

describe("parseDonationAmount", () => {
  it.each([
    [{ preset: "50" }, 5000],
    [{ preset: "500" }, 50000],
    [{ custom: "5" }, 500],
    [{ custom: "25,50" }, 2550],
    [{ custom: "R$ 1.234,56" }, 123456],
    [{ custom: "50.000,00" }, 5_000_000],
    [{ custom: "12.5" }, 1250],
    // pt-BR: a dot followed by three digits groups thousands.
    [{ custom: "10.555" }, 1_055_500],
    // Without JavaScript both may arrive: the typed amount wins.
    [{ preset: "10", custom: "30" }, 3000],
  ])("%o → %i centavos", (input, cents) => {
    expect(parseDonationAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    [{}, DONATION_MESSAGES.invalidAmount],
    [{ custom: "0" }, DONATION_MESSAGES.invalidAmount],
    [{ custom: "-10" }, DONATION_MESSAGES.invalidAmount],
    [{ custom: "abc" }, DONATION_MESSAGES.invalidAmount],
    [{ custom: "4,99" }, DONATION_MESSAGES.belowMin],
    [{ custom: "50000,01" }, DONATION_MESSAGES.aboveMax],
    [{ custom: "1.2345" }, DONATION_MESSAGES.tooManyDecimals],
    [{ custom: "7,5555" }, DONATION_MESSAGES.tooManyDecimals],
    [{ custom: "1.2345" }, DONATION_MESSAGES.tooManyDecimals],
    [{ custom: "7,5555" }, DONATION_MESSAGES.tooManyDecimals],
    // A forged preset is not one of ours.
    [{ preset: "1" }, DONATION_MESSAGES.invalidAmount],
    [{ preset: "5000000" }, DONATION_MESSAGES.invalidAmount],
  ])("%o is refused", (input, error) => {
    expect(parseDonationAmount(input)).toEqual({ ok: false, error });
  });

  it("states the limits in reais", () => {
    expect(DONATION_MESSAGES.belowMin).toBe("O valor mínimo para doação é R$ 5,00.");
    expect(DONATION_MESSAGES.aboveMax).toBe("O valor máximo para doação é R$ 50.000,00.");
  });
});
