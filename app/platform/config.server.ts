import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEMO_MARK, type Operator } from "./operator";
import { ConfigError, envSchema, type ParsedEnv } from "./config-env.server";
import { pixApiConfig, type PixApiConfig, storageConfig, type StorageConfig } from "./config-services.server";

export { ConfigError } from "./config-env.server";
export type { PixApiConfig, PixRecebedor, StorageConfig } from "./config-services.server";

/**
 * What a server outside production shows until the real details are configured (the operator's
 * marked DEMO_MARK where shown). Production refuses to start while any of these variables is unset
 * or marked as a demonstration, or still equals one of the placeholders no real company has
 * (NEVER_REAL: a city or an e-mail typed on purpose may well equal its placeholder).
 */
export const DEMO_PLACEHOLDERS = {
  CONTACT_EMAIL: "contato@festasolidaria.org.br",
  LEGAL_CITY: "Belo Horizonte - MG",
  LEGAL_PHONE: "(31) 99999-9999",
  DPO_EMAIL: "privacidade@festasolidaria.org.br",
  OPERATOR_LEGAL_NAME: "Festa Solidária Ltda.",
  OPERATOR_CNPJ: "00.000.000/0000-00",
  OPERATOR_ADDRESS: "Rua Exemplo, 100, Centro, Belo Horizonte - MG, 30000-000",
} as const;

type RequiredInProduction = keyof typeof DEMO_PLACEHOLDERS;
const NEVER_REAL: readonly RequiredInProduction[] = ["LEGAL_PHONE", "OPERATOR_CNPJ", "OPERATOR_ADDRESS"];
const REQUIRED_IN_PRODUCTION = Object.keys(DEMO_PLACEHOLDERS) as RequiredInProduction[];

export type Config = Omit<ParsedEnv, RequiredInProduction> & {
  [K in RequiredInProduction]: string;
} & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  operator: Operator;
  isProduction: boolean;
  paymentsSandbox: boolean;
  /** Null when no PSP is configured: Pix then comes from the sandbox, where it is enabled. */
  pixApi: PixApiConfig | null;
  storage: StorageConfig;
  /** Where CNPJs are looked up: BrasilAPI in production unless told otherwise, the offline twin elsewhere. */
  cnpjRegistry: { kind: "brasilapi" | "offline"; url: string; timeoutMs: number };
};

/**
 * The second setting a production sandbox needs: with the sandbox anyone can mark a gift or a
 * subscription charge paid without paying, so one flag that is easy to leave on is not enough.
 */
export const SANDBOX_IN_PRODUCTION_ACK = "sim-entendo-que-nada-e-cobrado";

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "?");
    // Never the value: it may be a secret (APP_SECRET, METRICS_TOKEN, DATABASE_URL…).
    throw new ConfigError(`Configuração inválida: ${name} — ${issue.message}`);
  }
  const parsed = result.data;
  const isProduction = parsed.NODE_ENV === "production";
  if (isProduction && !parsed.APP_SECRET) {
    throw new ConfigError("Configuração inválida: APP_SECRET — obrigatório em produção (32+ caracteres)");
  }
  if (isProduction && !parsed.PUBLIC_URL) {
    throw new ConfigError("Configuração inválida: PUBLIC_URL — obrigatório em produção");
  }
  const stripeConfigured = Boolean(parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET);
  const paymentsSandbox = !stripeConfigured && (isProduction ? parsed.PAYMENTS_SANDBOX === true : parsed.PAYMENTS_SANDBOX !== false);
  if (isProduction && !stripeConfigured && !paymentsSandbox) {
    throw new ConfigError(
      "Configuração inválida: STRIPE_SECRET_KEY — em produção configure a Stripe (STRIPE_SECRET_KEY e STRIPE_WEBHOOK_SECRET) ou habilite PAYMENTS_SANDBOX=on",
    );
  }
  if (isProduction && paymentsSandbox && parsed.PAYMENTS_SANDBOX_IN_PRODUCTION !== SANDBOX_IN_PRODUCTION_ACK) {
    throw new ConfigError(
      `Configuração inválida: PAYMENTS_SANDBOX_IN_PRODUCTION — com PAYMENTS_SANDBOX=on em produção qualquer pessoa marca doações como pagas sem pagar; para uma demonstração defina PAYMENTS_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_ACK}`,
    );
  }
  if (isProduction) requireRealDetails(parsed);
  const details = withPlaceholders(parsed);
  return {
    ...parsed,
    ...details,
    operator: {
      legalName: details.OPERATOR_LEGAL_NAME,
      cnpj: details.OPERATOR_CNPJ,
      address: details.OPERATOR_ADDRESS,
      pixName: parsed.OPERATOR_PIX_NAME ?? parsed.PIX_MERCHANT_NAME,
      placeholder: (["OPERATOR_LEGAL_NAME", "OPERATOR_CNPJ", "OPERATOR_ADDRESS"] as const).some((name) => !parsed[name]),
    },
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    APP_SECRET: parsed.APP_SECRET ?? localSecret(parsed.DATA_DIR),
    isProduction,
    paymentsSandbox,
    pixApi: pixApiConfig(parsed),
    storage: storageConfig(parsed),
    cnpjRegistry: {
      kind: parsed.CNPJ_REGISTRY ?? (isProduction ? "brasilapi" : "offline"),
      url: parsed.CNPJ_REGISTRY_URL,
      timeoutMs: parsed.CNPJ_REGISTRY_TIMEOUT_MS,
    },
  };
}

/**
 * Production names who runs it and how to reach them: every unset (or placeholder) detail is named
 * in one message, so the operator fixes them all at once rather than one start at a time.
 */
function requireRealDetails(parsed: ParsedEnv) {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => {
    const value = parsed[name];
    return !value || value.includes(DEMO_MARK) || (NEVER_REAL.includes(name) && value === DEMO_PLACEHOLDERS[name]);
  });
  if (missing.length === 0) return;
  const list = missing.join(", ");
  throw new ConfigError(
    `Configuração inválida: ${list} — obrigatório${missing.length > 1 ? "s" : ""} em produção, com os dados reais (não os de demonstração): ` +
      "o site mostra quem o opera e como falar com ele no rodapé, nos termos, na política de privacidade, nos recibos e ao lado de cada Pix. " +
      `(Invalid configuration: ${list} must be set to the real details in production.)`,
  );
}

/** Outside production an unset contact, legal or operator detail shows its marked placeholder. */
function withPlaceholders(parsed: ParsedEnv): { [K in RequiredInProduction]: string } {
  return Object.fromEntries(REQUIRED_IN_PRODUCTION.map((name) => [name, parsed[name] ?? DEMO_PLACEHOLDERS[name]])) as {
    [K in RequiredInProduction]: string;
  };
}

/** Outside production the secret is generated once and kept beside the embedded database. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

const ENV_KEYS = Object.keys(envSchema.shape);
let cached: { fingerprint: string; config: Config } | undefined;
/**
 * The process's configuration. The server builds its dependencies from it at start (server/app.ts)
 * and hands them to loaders and actions in the request context; a test that needs another
 * configuration builds one with parseConfig and passes it there. The few process-wide consumers
 * not on the context yet (Better Auth, the toast cookie, e-mail templates) call this directly: it
 * is parsed again only when the variables it reads change, so no test has to reset it.
 */
export function getConfig(): Config {
  const fingerprint = ENV_KEYS.map((k) => process.env[k] ?? "\u0000").join("\u0001");
  if (cached?.fingerprint !== fingerprint) cached = { fingerprint, config: parseConfig(process.env) };
  return cached.config;
}

/** The warning logged at every start while the sandbox takes payments in production (null otherwise). */
export function sandboxInProductionWarning(config: Pick<Config, "isProduction" | "paymentsSandbox">): string | null {
  if (!config.isProduction || !config.paymentsSandbox) return null;
  return "ATENÇÃO: pagamentos de DEMONSTRAÇÃO em produção (PAYMENTS_SANDBOX=on): nenhum valor é cobrado e qualquer pessoa pode marcar doações como pagas. O site mostra o aviso 'Demonstração — nenhum valor é cobrado'.";
}
