import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { cnpj as cnpjRules } from "cpf-cnpj-validator";
import { z } from "zod";
import { DEMO_MARK, type Operator } from "./operator";
import { DEFAULT_SANDBOX_FEES, type FeeSchedule, feeScheduleField } from "./fee-schedule";

const booleanFlag = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The listening address: unset = every interface; 127.0.0.1 keeps the server to this machine.
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:_-]+$/, "use um endereço IP ou nome, ex.: 127.0.0.1 ou 0.0.0.0")
    .optional(),
  // On SIGTERM, how long requests in flight may take before they are cut.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
  // The most a client may take to send a whole request (headers and body).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // How long an anonymous public page is shared between requests in this process (0: never).
  // Unset: 1 s, or 0 under NODE_ENV=test so tests see their own writes at once (decision 132).
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // How long this process keeps the home page's rarely changing content (figures, testimonials,
  // causes, main charity, ads) between database reads; an admin change drops it at once (0: never).
  // Unset: 5 s, or 0 under NODE_ENV=test.
  CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  // Worker processes on PostgreSQL (server/primary.js reads it before this runs; validated here too).
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  // Connections each process keeps to PostgreSQL (docs/performance.md: measured on the webhook path).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_SECRET: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  // Contact, legal and operator details: placeholders outside production (DEMO_PLACEHOLDERS);
  // production refuses to start without real ones (requiredInProduction).
  CONTACT_EMAIL: z.email().optional(),
  // Optional, with no stand-in: without it the site shows no WhatsApp button or link of its own
  // (a made-up number would send visitors to a stranger). Empty counts as unset.
  WHATSAPP_NUMBER: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{10,15}$/, "use só dígitos com DDI e DDD, ex.: 5531999999999")
      .optional(),
  ),
  INSTAGRAM_URL: z.url().default("https://instagram.com/festasolidaria"),
  FACEBOOK_URL: z.url().default("https://facebook.com/festasolidaria"),
  LEGAL_CITY: z.string().trim().min(3, "informe a cidade do foro, ex.: Belo Horizonte - MG").optional(),
  LEGAL_PHONE: z
    .string()
    .trim()
    .regex(/^[\d\s()+-]{8,20}$/, "telefone com DDD, ex.: (31) 3333-4444")
    .optional(),
  DPO_EMAIL: z.email().optional(),
  // Who operates the site: the company that collects the gifts (footer, legal pages, receipts, Pix).
  OPERATOR_LEGAL_NAME: z.string().trim().min(3, "a razão social da empresa que opera o site").max(150).optional(),
  OPERATOR_CNPJ: z
    .string()
    .trim()
    .refine((value) => cnpjRules.isValid(value), "CNPJ inválido: confira os dígitos (ex.: 12.345.678/0001-95)")
    .transform((value) => cnpjRules.format(value))
    .optional(),
  OPERATOR_ADDRESS: z.string().trim().min(10, "o endereço completo, com cidade e UF").max(200).optional(),
  // The payee name the payer's bank app shows for our Pix codes, when it is not PIX_MERCHANT_NAME.
  OPERATOR_PIX_NAME: z.string().trim().min(1).max(60).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Festa Solidária <nao-responda@festasolidaria.org.br>"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_PAYMENT_METHODS: z
    .string()
    .default("card,pix")
    .transform((s) =>
      s
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((m) => /^[a-z_]+$/.test(m)), "lista de métodos, ex.: card,pix"),
  STRIPE_PRICE_BRONZE: z.string().optional(),
  STRIPE_PRICE_PRATA: z.string().optional(),
  STRIPE_PRICE_OURO: z.string().optional(),
  STRIPE_PRICE_DIAMANTE: z.string().optional(),
  // Pix through a PSP implementing the Central Bank's API Pix (docs/decisions/150-pix.md, docs/operations.md).
  PIX_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PIX_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  PIX_CLIENT_ID: z.string().optional(),
  PIX_CLIENT_SECRET: z.string().optional(),
  PIX_CERT_PATH: z.string().optional(),
  PIX_CERT_KEY_PATH: z.string().optional(),
  PIX_PFX_PATH: z.string().optional(),
  PIX_PFX_PASSPHRASE: z.string().optional(),
  PIX_CA_PATH: z.string().optional(),
  PIX_KEY: z.string().max(77).optional(),
  PIX_WEBHOOK_TOKEN: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
  /** Assine o Bem by Pix Automático through the PSP (its account must have the `rec`/`cobr` scopes): docs/operations.md. */
  PIX_AUTOMATICO: booleanFlag.optional(),
  /**
   * The receiving account of each month's Pix Automático charge (`recebedor` of `PUT /cobr`,
   * the standard's CobRSolicitada): only when the PSP asks for it (docs/operations.md).
   */
  PIX_RECEBEDOR_AGENCIA: z
    .string()
    .regex(/^\d{1,4}$/, "deve ter de 1 a 4 dígitos")
    .optional(),
  PIX_RECEBEDOR_CONTA: z
    .string()
    .regex(/^\d{1,20}$/, "deve ter de 1 a 20 dígitos (sem traço)")
    .optional(),
  PIX_RECEBEDOR_TIPO_CONTA: z.enum(["CORRENTE", "POUPANCA", "PAGAMENTO"], "deve ser CORRENTE, POUPANCA ou PAGAMENTO").optional(),
  PIX_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Calendar days a Pix is held before payout: a MED 2.0 devolution may still take it back (decision 208). */
  PIX_MED_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(11),
  PIX_MERCHANT_NAME: z.string().min(1).max(25).default("FESTA SOLIDARIA"),
  PIX_MERCHANT_CITY: z.string().min(1).max(15).default("BELO HORIZONTE"),
  PAYMENTS_SANDBOX: booleanFlag.optional(),
  /** The fee the sandbox simulates on each payment, as a PSP would keep it (decision 206). */
  SANDBOX_CARD_FEE: feeScheduleField.default({ ...DEFAULT_SANDBOX_FEES.card }),
  SANDBOX_PIX_FEE: feeScheduleField.default({ ...DEFAULT_SANDBOX_FEES.pix }),
  /** The Pix PSP's tariff per Pix received (the API Pix reports no fee): the contract's figure, e.g. "1.19%"; unset = unknown. */
  PIX_PSP_FEE: feeScheduleField.optional(),
  // The public CNPJ registry: BrasilAPI, or the offline twin with fixed data (tests, sandbox, development).
  CNPJ_REGISTRY: z.enum(["brasilapi", "offline"], "deve ser brasilapi ou offline").optional(),
  CNPJ_REGISTRY_URL: z.url({ protocol: /^https?$/ }).default("https://brasilapi.com.br/api/cnpj/v1"),
  CNPJ_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(3000),
  PAYMENTS_SANDBOX_IN_PRODUCTION: z.string().optional(),
  SEED_DEMO: booleanFlag.optional(),
  // The Assine o Bem subscribers' WhatsApp group invite; without it the group is not offered anywhere.
  SUBSCRIBERS_WHATSAPP_GROUP_URL: z
    .url({
      protocol: /^https$/,
      hostname: /^chat\.whatsapp\.com$/,
      error: "convite de grupo do WhatsApp, ex.: https://chat.whatsapp.com/AbCdEf123",
    })
    .optional(),
  // Bearer token for GET /metrics; without it /metrics does not exist (404).
  METRICS_TOKEN: z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STORAGE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "nome de bucket: 3 a 63 letras minúsculas, dígitos, pontos ou hífens")
    .optional(),
  STORAGE_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "endereço http:// ou https://, ex.: http://127.0.0.1:9000" }).optional(),
  STORAGE_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "região em minúsculas, ex.: us-east-1, sa-east-1 ou auto")
    .optional(),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

/** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** A PSP's API Pix: base URL, OAuth client, client certificate (mTLS), our Pix key, the webhook's secret. */
export type PixApiConfig = {
  baseUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  certificate: { kind: "pem"; certPath: string; keyPath: string } | { kind: "pfx"; pfxPath: string; passphrase?: string };
  caPath?: string;
  pixKey: string;
  webhookToken: string;
  /** PIX_AUTOMATICO=on: the PSP also takes Assine o Bem by Pix Automático (`/rec`, `/cobr`). */
  automatico: boolean;
  /** `recebedor` of `PUT /cobr` when configured (PIX_RECEBEDOR_*); absent, the PSP uses its own account. */
  recebedor?: PixRecebedor;
  /** PIX_PSP_FEE: the PSP's tariff per Pix received (its API reports none); null = unknown (decision 206). */
  fee?: FeeSchedule | null;
};

/** The standard's CobRSolicitada `recebedor`: our account at the PSP that receives the month's charge. */
export type PixRecebedor = { agencia: string; conta: string; tipoConta: "CORRENTE" | "POUPANCA" | "PAGAMENTO" };

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

type ParsedEnv = z.infer<typeof envSchema>;

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

export class ConfigError extends Error {
  // server/index.js prints a ConfigError as its one-line message, without a stack.
  override name = "ConfigError";
}

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

const RECEBEDOR_VARS = ["PIX_RECEBEDOR_AGENCIA", "PIX_RECEBEDOR_CONTA", "PIX_RECEBEDOR_TIPO_CONTA"] as const;

function pixApiConfig(parsed: z.infer<typeof envSchema>): PixApiConfig | null {
  const baseUrl = parsed.PIX_API_URL;
  if (!baseUrl) {
    const stray = RECEBEDOR_VARS.find((name) => parsed[name] !== undefined);
    if (stray) throw new ConfigError(`Configuração inválida: ${stray} — só vale com PIX_API_URL e PIX_AUTOMATICO=on`);
    return null;
  }
  const need = (["PIX_CLIENT_ID", "PIX_CLIENT_SECRET", "PIX_KEY", "PIX_WEBHOOK_TOKEN"] as const).find((name) => !parsed[name]);
  if (need) throw new ConfigError(`Configuração inválida: ${need} — obrigatório com PIX_API_URL`);
  const pem = parsed.PIX_CERT_PATH && parsed.PIX_CERT_KEY_PATH;
  if (!pem && !parsed.PIX_PFX_PATH) {
    throw new ConfigError(
      "Configuração inválida: PIX_CERT_PATH — informe o certificado do PSP (PIX_CERT_PATH e PIX_CERT_KEY_PATH em PEM, ou PIX_PFX_PATH em PKCS#12)",
    );
  }
  return {
    baseUrl: baseUrl.replace(/\/$/, ""),
    oauthUrl: parsed.PIX_OAUTH_URL ?? new URL("/oauth/token", baseUrl).toString(),
    clientId: parsed.PIX_CLIENT_ID!,
    clientSecret: parsed.PIX_CLIENT_SECRET!,
    certificate: pem
      ? { kind: "pem", certPath: parsed.PIX_CERT_PATH!, keyPath: parsed.PIX_CERT_KEY_PATH! }
      : { kind: "pfx", pfxPath: parsed.PIX_PFX_PATH!, passphrase: parsed.PIX_PFX_PASSPHRASE },
    caPath: parsed.PIX_CA_PATH,
    pixKey: parsed.PIX_KEY!,
    webhookToken: parsed.PIX_WEBHOOK_TOKEN!,
    automatico: parsed.PIX_AUTOMATICO === true,
    recebedor: pixRecebedor(parsed),
    fee: parsed.PIX_PSP_FEE ?? null,
  };
}

/** PIX_RECEBEDOR_*: all three or none (a charge with half an account would be refused month after month). */
function pixRecebedor(parsed: z.infer<typeof envSchema>): PixRecebedor | undefined {
  const set = RECEBEDOR_VARS.filter((name) => parsed[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = RECEBEDOR_VARS.find((name) => parsed[name] === undefined);
  if (missing)
    throw new ConfigError(
      `Configuração inválida: ${missing} — defina PIX_RECEBEDOR_AGENCIA, PIX_RECEBEDOR_CONTA e PIX_RECEBEDOR_TIPO_CONTA juntos`,
    );
  if (parsed.PIX_AUTOMATICO !== true) throw new ConfigError(`Configuração inválida: ${set[0]} — só vale com PIX_AUTOMATICO=on`);
  return { agencia: parsed.PIX_RECEBEDOR_AGENCIA!, conta: parsed.PIX_RECEBEDOR_CONTA!, tipoConta: parsed.PIX_RECEBEDOR_TIPO_CONTA! };
}

function storageConfig(parsed: z.infer<typeof envSchema>): StorageConfig {
  const bucket = parsed.STORAGE_S3_BUCKET;
  if (!bucket) {
    const stray = (
      [
        "STORAGE_S3_ENDPOINT",
        "STORAGE_S3_REGION",
        "STORAGE_S3_ACCESS_KEY_ID",
        "STORAGE_S3_SECRET_ACCESS_KEY",
        "STORAGE_S3_FORCE_PATH_STYLE",
      ] as const
    ).find((name) => parsed[name] !== undefined);
    if (stray)
      throw new ConfigError(
        `Configuração inválida: ${stray} — defina também STORAGE_S3_BUCKET (sem ele os arquivos ficam em DATA_DIR/files)`,
      );
    return { kind: "disk", dir: path.join(parsed.DATA_DIR, "files") };
  }
  const accessKeyId = parsed.STORAGE_S3_ACCESS_KEY_ID;
  const secretAccessKey = parsed.STORAGE_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      "Configuração inválida: STORAGE_S3_ACCESS_KEY_ID — informe STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY juntos (ou nenhum dos dois, para as credenciais do ambiente)",
    );
  }
  return {
    kind: "s3",
    bucket,
    region: parsed.STORAGE_S3_REGION ?? "us-east-1",
    endpoint: parsed.STORAGE_S3_ENDPOINT,
    forcePathStyle: parsed.STORAGE_S3_FORCE_PATH_STYLE ?? false,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
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
