import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_SECRET: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  CONTACT_EMAIL: z.email().default("contato@festasolidaria.org.br"),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{10,15}$/, "use só dígitos com DDI e DDD, ex.: 5531999999999")
    .default("5531999999999"),
  INSTAGRAM_URL: z.url().default("https://instagram.com/festasolidaria"),
  FACEBOOK_URL: z.url().default("https://facebook.com/festasolidaria"),
  LEGAL_CITY: z.string().default("Belo Horizonte - MG"),
  LEGAL_PHONE: z.string().default("(31) 99999-9999"),
  DPO_EMAIL: z.email().default("privacidade@festasolidaria.org.br"),
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
  PAYMENTS_SANDBOX: booleanFlag.optional(),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof envSchema> & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  isProduction: boolean;
  paymentsSandbox: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "?");
    throw new ConfigError(`Configuração inválida: ${name} — ${issue.message} (valor: ${JSON.stringify(env[name])})`);
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
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    APP_SECRET: parsed.APP_SECRET ?? localSecret(parsed.DATA_DIR),
    isProduction,
    paymentsSandbox,
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

let cached: Config | undefined;
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetConfigForTests() {
  cached = undefined;
}
