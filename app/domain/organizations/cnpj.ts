/**
 * CNPJ rules (Receita Federal): 12 base digits and 2 check digits, mod 11. Browser-safe, no I/O:
 * the admin form's schema checks with it, in the browser and on the server. Showing a CNPJ is
 * cnpj-format.ts (re-exported here), which the public pages share.
 *
 * Only the numeric CNPJ is accepted for now; the alphanumeric CNPJ announced for July 2026 would
 * change `normalizeCnpj` and the weights' input (char code − 48), nothing else.
 */

import { cnpjDigits } from "./cnpj-format";

export { formatCnpj } from "./cnpj-format";

export const CNPJ_MESSAGES = {
  required: "Informe o CNPJ.",
  length: "O CNPJ tem 14 dígitos, por exemplo 00.000.000/0000-00.",
  checkDigits: "CNPJ inválido: confira os números (os dígitos verificadores não conferem).",
  repeated: "CNPJ inválido: um CNPJ não tem todos os dígitos iguais.",
  duplicate: "Este CNPJ já está cadastrado para outra ONG.",
} as const;

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits for 12 base digits. */
export function cnpjCheckDigits(base: string): string {
  if (!/^\d{12}$/.test(base)) throw new Error("a CNPJ base has 12 digits");
  const digits = [...base].map(Number);
  const first = checkDigit(digits, FIRST_WEIGHTS);
  const second = checkDigit([...digits, first], SECOND_WEIGHTS);
  return `${first}${second}`;
}

export type CnpjResult = { ok: true; cnpj: string } | { ok: false; error: string };

/**
 * Validates a typed CNPJ and returns its 14 digits. Only digits and the usual separators
 * (. / - and spaces) are accepted: letters are an error, not silently dropped.
 */
export function parseCnpj(input: string): CnpjResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, error: CNPJ_MESSAGES.required };
  if (!/^[\d.\-/\s]+$/.test(trimmed)) return { ok: false, error: CNPJ_MESSAGES.length };
  const digits = cnpjDigits(trimmed);
  if (digits.length !== 14) return { ok: false, error: CNPJ_MESSAGES.length };
  if (/^(\d)\1{13}$/.test(digits)) return { ok: false, error: CNPJ_MESSAGES.repeated };
  if (cnpjCheckDigits(digits.slice(0, 12)) !== digits.slice(12)) return { ok: false, error: CNPJ_MESSAGES.checkDigits };
  return { ok: true, cnpj: digits };
}

export const isValidCnpj = (input: string) => parseCnpj(input).ok;
