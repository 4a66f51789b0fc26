import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/forms/submission";
import { DONATION_MESSAGES, donationSchema, impactLinesFor, parseDonationAmount, PRESET_IMPACT, PRESET_REAIS } from "./donation-form";

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

describe("donationSchema", () => {
  const parse = (fields: Record<string, string>) => parseSubmission(new URLSearchParams(fields), donationSchema);

  it("turns the typed reais into centavos and normalises the donor", () => {
    const ok = parse({
      valorPersonalizado: "R$ 1.234,56",
      nome: "  Bia   Lima ",
      email: " BIA@Exemplo.com.br ",
      mensagem: " Oi ",
      chave: "k",
    });
    expect(ok.status === "success" && ok.value).toEqual({
      amountCents: 123456,
      anonymous: false,
      donorName: "Bia Lima",
      donorEmail: "bia@exemplo.com.br",
      message: "Oi",
      festa: null,
      ong: null,
      formKey: "k",
      sharesContact: false,
      sharesContactWithHost: false,
      wantsPartyNews: false,
      // "Quero cobrir a taxa" is off unless ticked (decision 216).
      coversFee: false,
      honoreeName: null,
      honoreeEmail: null,
      honoreeShowsAmount: false,
      honoreeOnPartyPage: false,
    });
    expect(parse({ preset: "10", nome: "Bia", email: "bia@exemplo.com.br", cobrirTaxa: "on" })).toMatchObject({
      status: "success",
      value: { amountCents: 1000, coversFee: true },
    });
    const anonymous = parse({ preset: "10", anonima: "on", nome: "Quem" });
    expect(anonymous.status === "success" && anonymous.value).toMatchObject({
      amountCents: 1000,
      anonymous: true,
      donorName: null,
      donorEmail: null,
    });
  });

  it("reports errors under the form's groups", () => {
    expect(parse({ valorPersonalizado: "4,99", nome: "Bia" }).reply().error).toEqual({
      valor: [DONATION_MESSAGES.belowMin],
      doador: [DONATION_MESSAGES.missingDonor],
    });
    expect(parse({ preset: "50", nome: "Bia", email: "não-é-email" }).reply().error).toEqual({ email: [DONATION_MESSAGES.invalidEmail] });
  });
});

describe("donationSchema: em homenagem (decision 214)", () => {
  const parse = (fields: Record<string, string>) =>
    parseSubmission(new URLSearchParams({ preset: "50", nome: "Bia", email: "bia@exemplo.com.br", ...fields }), donationSchema);

  it("is optional: nothing filled, nothing stored, both choices off", () => {
    const result = parse({});
    expect(result.status === "success" && result.value).toMatchObject({
      honoreeName: null,
      honoreeEmail: null,
      honoreeShowsAmount: false,
      honoreeOnPartyPage: false,
    });
  });

  it("takes the name, the e-mail (lower-cased) and the two ticked choices", () => {
    const result = parse({
      homenageado: "  Vó   Maria ",
      homenageadoEmail: " Maria@Exemplo.com.BR",
      homenagemValor: "on",
      homenagemPublica: "on",
    });
    expect(result.status === "success" && result.value).toMatchObject({
      honoreeName: "Vó Maria",
      honoreeEmail: "maria@exemplo.com.br",
      honoreeShowsAmount: true,
      honoreeOnPartyPage: true,
    });
    // No e-mail: a homage without a card.
    const noCard = parse({ homenageado: "Vó Maria" });
    expect(noCard.status === "success" && noCard.value).toMatchObject({ honoreeName: "Vó Maria", honoreeEmail: null });
  });

  it.each<Record<string, string>>([{ homenageadoEmail: "maria@exemplo.com.br" }, { homenagemValor: "on" }, { homenagemPublica: "on" }])(
    "used without a name (%o) asks for it",
    (fields) => {
      const result = parse(fields);
      expect(result.status).toBe("error");
      expect(result.reply().error).toEqual({ homenageado: [DONATION_MESSAGES.missingHonoree] });
    },
  );

  it("refuses a malformed e-mail and a name too long, and keeps what was typed", () => {
    const result = parse({ homenageado: "x".repeat(101), homenageadoEmail: "maria@", homenagemValor: "on" });
    const reply = result.reply();
    expect(reply.error).toEqual({
      homenageado: [DONATION_MESSAGES.nameTooLong],
      homenageadoEmail: [DONATION_MESSAGES.invalidEmail],
    });
    expect(reply.initialValue).toMatchObject({ homenageadoEmail: "maria@", homenagemValor: "on" });
  });
});

describe("impact lines", () => {
  it("uses the cause's own lines, and generic wording (never food baskets) for the rest", () => {
    const lines = impactLinesFor({ "25": "Contribui para um exame de apoio ao diagnóstico.", "50": 7, "100": "  ", extra: "x" });
    expect(lines[25]).toBe("Contribui para um exame de apoio ao diagnóstico.");
    expect(lines[50]).toBe(PRESET_IMPACT[50]);
    expect(lines[100]).toBe(PRESET_IMPACT[100]);
    expect(Object.keys(lines)).toEqual(PRESET_REAIS.map(String));
    for (const stored of [null, undefined, "texto", ["a"], 42]) expect(impactLinesFor(stored)).toEqual(PRESET_IMPACT);
    expect(Object.values(PRESET_IMPACT).join(" ")).not.toMatch(/cesta|alimento|terapia/i);
  });
});
