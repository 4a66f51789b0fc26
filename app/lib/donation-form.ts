/**
 * The /doar form's rules, shared by the page (courtesy checks) and the server (the real ones).
 * Amounts are decided here in integer centavos; the browser never sends a number we trust.
 */
import { formatCents, parseReaisToCents } from "./money";

export const PRESET_REAIS = [10, 25, 50, 100, 250, 500] as const;

/** decisions.md, Money: card testers probe with tiny amounts. */
export const MIN_DONATION_CENTS = 500;
export const MAX_DONATION_CENTS = 5_000_000;
export const MAX_MESSAGE_LENGTH = 500;
export const MAX_NAME_LENGTH = 100;

/** The impact side panel: what each preset helps to pay for. */
export const PRESET_IMPACT: Record<(typeof PRESET_REAIS)[number], string> = {
  10: "Ajuda no transporte de uma família até um atendimento.",
  25: "Contribui para uma cesta de alimentos para uma família.",
  50: "Ajuda a custear uma sessão de terapia ou uma consulta.",
  100: "Garante materiais e insumos para uma semana de atividades.",
  250: "Apoia um mês de acompanhamento de uma família.",
  500: "Ajuda a manter um projeto funcionando por um mês inteiro.",
};

export const DONATION_MESSAGES = {
  invalidAmount: "Por favor, selecione ou digite um valor válido.",
  tooManyDecimals: "Use no máximo 2 casas decimais (ex.: 25,50).",
  belowMin: `O valor mínimo para doação é ${formatCents(MIN_DONATION_CENTS)}.`,
  aboveMax: `O valor máximo para doação é ${formatCents(MAX_DONATION_CENTS)}.`,
  missingDonor: "Por favor, preencha seu nome e email.",
  invalidEmail: "Por favor, digite um e-mail válido.",
  nameTooLong: `O nome pode ter no máximo ${MAX_NAME_LENGTH} caracteres.`,
  messageTooLong: `A mensagem pode ter no máximo ${MAX_MESSAGE_LENGTH} caracteres.`,
  rateLimited: "Muitas tentativas de doação em pouco tempo. Aguarde alguns minutos e tente novamente.",
  paymentFailed: "Erro ao processar o pagamento",
  retrySuffix: " - Tente novamente.",
  missingUrl: "URL de pagamento não foi retornada",
} as const;

export type DonationFormErrors = Partial<Record<"valor" | "doador" | "nome" | "email" | "mensagem" | "festa" | "form", string>>;

export type AmountResult = { ok: true; cents: number } | { ok: false; error: string };

/**
 * The custom amount wins when it is filled (without JavaScript both may arrive); otherwise the
 * preset, which must be one of ours.
 */
export function parseDonationAmount(input: { preset?: string | null; custom?: string | null }): AmountResult {
  const custom = (input.custom ?? "").trim();
  let cents: number | null;
  if (custom) {
    cents = parseReaisToCents(custom);
    if (cents === null) return { ok: false, error: hasTooManyDecimals(custom) ? DONATION_MESSAGES.tooManyDecimals : DONATION_MESSAGES.invalidAmount };
  } else {
    const preset = Number(input.preset);
    cents = (PRESET_REAIS as readonly number[]).includes(preset) ? preset * 100 : null;
    if (cents === null) return { ok: false, error: DONATION_MESSAGES.invalidAmount };
  }
  if (cents <= 0) return { ok: false, error: DONATION_MESSAGES.invalidAmount };
  if (cents < MIN_DONATION_CENTS) return { ok: false, error: DONATION_MESSAGES.belowMin };
  if (cents > MAX_DONATION_CENTS) return { ok: false, error: DONATION_MESSAGES.aboveMax };
  return { ok: true, cents };
}

function hasTooManyDecimals(value: string): boolean {
  const s = value.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return false; // thousands grouping, e.g. 1.234
  return /^\d[\d.]*,\d{3,}$/.test(s) || /^\d+\.\d{3,}$/.test(s);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isPlausibleEmail = (value: string) => EMAIL.test(value) && value.length <= 254;
