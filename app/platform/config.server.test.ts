import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

const production = { NODE_ENV: "production", PUBLIC_URL: "https://festa.example", PAYMENTS_SANDBOX: "on" };

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
