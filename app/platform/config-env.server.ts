/**
 * The environment variables the server reads, each with its rule and its pt-BR message
 * (parseConfig in config.server.ts turns them into the Config the app receives).
 */
import { cnpj as cnpjRules } from "cpf-cnpj-validator";
import { z } from "zod";
import { DEFAULT_SANDBOX_FEES, feeScheduleField } from "./fee-schedule";

const booleanFlag = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

export const envSchema = z.object({
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

export type ParsedEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  // server/index.js prints a ConfigError as its one-line message, without a stack.
  override name = "ConfigError";
}
