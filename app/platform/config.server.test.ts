import { describe, expect, it } from "vitest";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { ConfigError, parseConfig } from "./config.server";

const production = { NODE_ENV: "production", PUBLIC_URL: "https://festa.example", PAYMENTS_SANDBOX: "on", ...PRODUCTION_DETAILS_ENV };

function failure(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error("parsed");
}

describe("configuration errors", () => {
  it("name the variable in one pt-BR line and never echo the value", () => {
    const secret = "curto-mas-secreto";
    const error = failure({ ...production, APP_SECRET: secret });
    expect(error).toBeInstanceOf(ConfigError);
    // server/index.js prints a ConfigError's message alone, without the stack.
    expect(error.name).toBe("ConfigError");
    expect(error.message).toBe("Configuração inválida: APP_SECRET — deve ter pelo menos 32 caracteres");
    expect(error.message).not.toContain(secret);
  });

  it("hold for URLs and tokens too", () => {
    const url = "postgres://festa:senha-do-banco@db:5432 /festa";
    const error = failure({ ...production, APP_SECRET: "x".repeat(40), DATABASE_URL: url });
    expect(error.message).toMatch(/^Configuração inválida: DATABASE_URL — /);
    expect(error.message).not.toContain("senha-do-banco");
    expect(error.message).not.toContain("\n");
    const token = failure({ ...production, APP_SECRET: "x".repeat(40), METRICS_TOKEN: "curto" });
    expect(token.message).toBe("Configuração inválida: METRICS_TOKEN — deve ter pelo menos 16 caracteres");
  });
});

describe("Pix through a PSP (PIX_*)", () => {
  const pix = {
    APP_SECRET: "x".repeat(40),
    PIX_API_URL: "https://pix-h.api.efipay.com.br/v2",
    PIX_CLIENT_ID: "Client_Id_x",
    PIX_CLIENT_SECRET: "Client_Secret_x",
    PIX_KEY: "pix@festasolidaria.org.br",
    PIX_WEBHOOK_TOKEN: "t".repeat(40),
    PIX_PFX_PATH: "/run/secrets/efi.p12",
  };

  it("off without PIX_API_URL; with it, the OAuth URL defaults to /oauth/token at the same host", () => {
    expect(parseConfig({}).pixApi).toBeNull();
    expect(parseConfig({}).PIX_EXPIRY_MINUTES).toBe(30);
    expect(parseConfig(pix).pixApi).toMatchObject({
      baseUrl: "https://pix-h.api.efipay.com.br/v2",
      oauthUrl: "https://pix-h.api.efipay.com.br/oauth/token",
      certificate: { kind: "pfx", pfxPath: "/run/secrets/efi.p12" },
    });
  });

  it("refuses a PSP without its credentials, key, webhook token or certificate, naming the variable, never the secret", () => {
    for (const name of ["PIX_CLIENT_ID", "PIX_CLIENT_SECRET", "PIX_KEY", "PIX_WEBHOOK_TOKEN"] as const) {
      const { [name]: _left, ...rest } = pix;
      expect(failure(rest).message).toBe(`Configuração inválida: ${name} — obrigatório com PIX_API_URL`);
    }
    const { PIX_PFX_PATH: _pfx, ...noCertificate } = pix;
    expect(failure(noCertificate).message).toMatch(/^Configuração inválida: PIX_CERT_PATH — /);
    expect(failure({ ...pix, PIX_WEBHOOK_TOKEN: "curto" }).message).toBe(
      "Configuração inválida: PIX_WEBHOOK_TOKEN — deve ter pelo menos 32 caracteres",
    );
  });

  it("PIX_RECEBEDOR_*: the receiving account of PUT /cobr, all three or none, only with Pix Automático", () => {
    const automatico = { ...pix, PIX_AUTOMATICO: "on" };
    const account = { PIX_RECEBEDOR_AGENCIA: "0001", PIX_RECEBEDOR_CONTA: "1234567", PIX_RECEBEDOR_TIPO_CONTA: "PAGAMENTO" };
    expect(parseConfig(automatico).pixApi?.recebedor).toBeUndefined();
    expect(parseConfig({ ...automatico, ...account }).pixApi?.recebedor).toEqual({
      agencia: "0001",
      conta: "1234567",
      tipoConta: "PAGAMENTO",
    });
    const { PIX_RECEBEDOR_TIPO_CONTA: _tipo, ...half } = account;
    expect(failure({ ...automatico, ...half }).message).toMatch(/^Configuração inválida: PIX_RECEBEDOR_TIPO_CONTA — defina .* juntos$/);
    expect(failure({ ...automatico, ...account, PIX_RECEBEDOR_CONTA: "12345-6" }).message).toMatch(
      /^Configuração inválida: PIX_RECEBEDOR_CONTA — /,
    );
    expect(failure({ ...automatico, ...account, PIX_RECEBEDOR_AGENCIA: "00001" }).message).toMatch(
      /^Configuração inválida: PIX_RECEBEDOR_AGENCIA — /,
    );
    expect(failure({ ...automatico, ...account, PIX_RECEBEDOR_TIPO_CONTA: "SALARIO" }).message).toMatch(
      /^Configuração inválida: PIX_RECEBEDOR_TIPO_CONTA — /,
    );
    expect(failure({ ...pix, ...account }).message).toMatch(
      /^Configuração inválida: PIX_RECEBEDOR_AGENCIA — só vale com PIX_AUTOMATICO=on$/,
    );
    expect(failure(account).message).toMatch(/^Configuração inválida: PIX_RECEBEDOR_AGENCIA — só vale com PIX_API_URL/);
  });
});

describe("WHATSAPP_NUMBER", () => {
  it("is optional with no stand-in number: unset or empty means the site shows no WhatsApp of its own", () => {
    expect(parseConfig({}).WHATSAPP_NUMBER).toBeUndefined();
    expect(parseConfig({ WHATSAPP_NUMBER: "" }).WHATSAPP_NUMBER).toBeUndefined();
    expect(parseConfig({ WHATSAPP_NUMBER: "5531988887777" }).WHATSAPP_NUMBER).toBe("5531988887777");
    expect(failure({ WHATSAPP_NUMBER: "(31) 98888-7777" }).message).toMatch(/^Configuração inválida: WHATSAPP_NUMBER — use só dígitos/);
  });
});

describe("CNPJ registry (CNPJ_REGISTRY)", () => {
  it("is BrasilAPI in production and the offline twin elsewhere, unless told", () => {
    const secret = { APP_SECRET: "x".repeat(40), PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado" };
    expect(parseConfig({ ...production, ...secret }).cnpjRegistry).toEqual({
      kind: "brasilapi",
      url: "https://brasilapi.com.br/api/cnpj/v1",
      timeoutMs: 3000,
    });
    expect(parseConfig({ NODE_ENV: "development" }).cnpjRegistry.kind).toBe("offline");
    expect(parseConfig({ ...production, ...secret, CNPJ_REGISTRY: "offline" }).cnpjRegistry.kind).toBe("offline");
    expect(parseConfig({ NODE_ENV: "test", CNPJ_REGISTRY: "brasilapi", CNPJ_REGISTRY_TIMEOUT_MS: "1500" }).cnpjRegistry).toMatchObject({
      kind: "brasilapi",
      timeoutMs: 1500,
    });
    expect(failure({ CNPJ_REGISTRY: "receita" }).message).toBe("Configuração inválida: CNPJ_REGISTRY — deve ser brasilapi ou offline");
  });
});
