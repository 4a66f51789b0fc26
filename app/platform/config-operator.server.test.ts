import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_PLACEHOLDERS, parseConfig } from "./config.server";
import { DEMO_MARK, operatorLine, pixPayeeSentence } from "./operator";

const production = {
  NODE_ENV: "production",
  APP_SECRET: "x".repeat(40),
  PUBLIC_URL: "https://festa.example",
  PAYMENTS_SANDBOX: "on",
  PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
};

// Not PRODUCTION_DETAILS_ENV (tests/support): this test is about the values themselves.
const realDetails = {
  CONTACT_EMAIL: "ola@festa.example",
  LEGAL_CITY: "Contagem - MG",
  LEGAL_PHONE: "(31) 3333-4444",
  DPO_EMAIL: "dpo@festa.example",
  OPERATOR_LEGAL_NAME: "Festa Solidária Tecnologia Social Ltda.",
  OPERATOR_CNPJ: "11222333000181",
  OPERATOR_ADDRESS: "Av. Afonso Pena, 1000, Centro, Belo Horizonte - MG, 30130-000",
};

function failure(env: Record<string, string>): Error {
  try {
    parseConfig(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error("parsed");
}

describe("who operates the site (OPERATOR_*)", () => {
  it("outside production: marked placeholders, and the Pix payee is the BR Codes' merchant name", () => {
    const config = parseConfig({ APP_SECRET: "x".repeat(40) });
    expect(config.operator).toEqual({
      legalName: DEMO_PLACEHOLDERS.OPERATOR_LEGAL_NAME,
      cnpj: DEMO_PLACEHOLDERS.OPERATOR_CNPJ,
      address: DEMO_PLACEHOLDERS.OPERATOR_ADDRESS,
      pixName: "FESTA SOLIDARIA",
      placeholder: true,
    });
    expect(operatorLine(config.operator)).toContain(DEMO_MARK);
    expect(pixPayeeSentence(config.operator)).toMatch(/^O app do seu banco mostra FESTA SOLIDARIA como recebedor/);
  });

  it("configured: the CNPJ checked and formatted, the Pix payee name as set, no demo mark", () => {
    const config = parseConfig({ ...production, ...realDetails, OPERATOR_PIX_NAME: "FESTA SOLIDARIA TEC" });
    expect(config.operator).toEqual({
      legalName: "Festa Solidária Tecnologia Social Ltda.",
      cnpj: "11.222.333/0001-81",
      address: "Av. Afonso Pena, 1000, Centro, Belo Horizonte - MG, 30130-000",
      pixName: "FESTA SOLIDARIA TEC",
      placeholder: false,
    });
    expect(operatorLine(config.operator)).not.toContain(DEMO_MARK);
    expect(pixPayeeSentence(config.operator)).toContain("FESTA SOLIDARIA TEC como recebedor");
    expect(config.LEGAL_CITY).toBe("Contagem - MG");
  });

  it("an alphanumeric CNPJ is accepted; wrong check digits are refused, naming the variable", () => {
    expect(parseConfig({ ...realDetails, OPERATOR_CNPJ: "12ABC34501DE35" }).operator.cnpj).toBe("12.ABC.345/01DE-35");
    expect(failure({ ...realDetails, OPERATOR_CNPJ: "11.222.333/0001-82" }).message).toBe(
      "Configuração inválida: OPERATOR_CNPJ — CNPJ inválido: confira os dígitos (ex.: 12.345.678/0001-95)",
    );
  });
});

describe("production refuses placeholders (issue 33 item 3)", () => {
  it("starts with every real detail", () => {
    expect(parseConfig({ ...production, ...realDetails }).isProduction).toBe(true);
  });

  it("names every missing detail in one message", () => {
    const error = failure(production);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(
      /^Configuração inválida: CONTACT_EMAIL, LEGAL_CITY, LEGAL_PHONE, DPO_EMAIL, OPERATOR_LEGAL_NAME, OPERATOR_CNPJ, OPERATOR_ADDRESS — obrigatórios em produção/,
    );
    expect(error.message).toContain("Invalid configuration: CONTACT_EMAIL, LEGAL_CITY");
    expect(error.message).not.toContain("\n");
  });

  it("refuses a detail still equal to its placeholder, or marked as demonstration", () => {
    expect(failure({ ...production, ...realDetails, LEGAL_PHONE: DEMO_PLACEHOLDERS.LEGAL_PHONE }).message).toMatch(
      /^Configuração inválida: LEGAL_PHONE — obrigatório em produção/,
    );
    expect(
      failure({ ...production, ...realDetails, OPERATOR_ADDRESS: DEMO_PLACEHOLDERS.OPERATOR_ADDRESS, CONTACT_EMAIL: "" }).message,
    ).toMatch(/^Configuração inválida: CONTACT_EMAIL, OPERATOR_ADDRESS — obrigatórios em produção/);
    expect(failure({ ...production, ...realDetails, OPERATOR_ADDRESS: `Rua A, 1, Centro ${DEMO_MARK}` }).message).toMatch(
      /^Configuração inválida: OPERATOR_ADDRESS — /,
    );
  });

  it("a city or e-mail set on purpose may equal its placeholder (a real operator in Belo Horizonte)", () => {
    const config = parseConfig({ ...production, ...realDetails, LEGAL_CITY: DEMO_PLACEHOLDERS.LEGAL_CITY });
    expect(config.LEGAL_CITY).toBe("Belo Horizonte - MG");
  });

  it("an empty value counts as missing", () => {
    expect(failure({ ...production, ...realDetails, DPO_EMAIL: "" }).message).toMatch(/^Configuração inválida: DPO_EMAIL — /);
  });

  it("WhatsApp is not required", () => {
    expect(() => parseConfig({ ...production, ...realDetails })).not.toThrow();
  });
});
