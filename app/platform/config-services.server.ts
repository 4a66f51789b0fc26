/**
 * The parts of the configuration built from several variables that must come together: the PSP's
 * API Pix (with Pix Automático's receiving account) and where uploaded files live.
 */
import path from "node:path";
import type { FeeSchedule } from "./fee-schedule";
import { ConfigError, type ParsedEnv } from "./config-env.server";

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

const RECEBEDOR_VARS = ["PIX_RECEBEDOR_AGENCIA", "PIX_RECEBEDOR_CONTA", "PIX_RECEBEDOR_TIPO_CONTA"] as const;

export function pixApiConfig(parsed: ParsedEnv): PixApiConfig | null {
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
function pixRecebedor(parsed: ParsedEnv): PixRecebedor | undefined {
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

export function storageConfig(parsed: ParsedEnv): StorageConfig {
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
