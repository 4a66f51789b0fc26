/**
 * CNPJ rules (Receita Federal): 12 base characters and 2 numeric check digits, mod 11. Since
 * IN RFB 2.229/2024 the base may hold capital letters (the alphanumeric CNPJ, issued from July
 * 2026: "12.ABC.345/01DE-35"); old numeric CNPJs stay valid. The check digits are computed by the
 * kept library `cpf-cnpj-validator` (v2, both formats), not by hand. Browser-safe, no I/O: the
 * forms' schemas check with it, in the browser and on the server. Showing a CNPJ is
 * cnpj-format.ts (re-exported here), which the public pages share.
 */
import { cnpj as cnpjValidator } from "cpf-cnpj-validator";
import { normalizeCnpj } from "./cnpj-format";

export { formatCnpj } from "./cnpj-format";

export const CNPJ_MESSAGES = {
  required: "Informe o CNPJ.",
  length: "O CNPJ tem 14 caracteres, por exemplo 00.000.000/0000-00 ou 12.ABC.345/01DE-35.",
  lastDigits: "CNPJ inválido: os dois últimos caracteres do CNPJ são sempre números.",
  checkDigits: "CNPJ inválido: confira o que foi digitado (os dígitos verificadores não conferem).",
  repeated: "CNPJ inválido: um CNPJ não tem todos os dígitos iguais.",
  duplicate: "Este CNPJ já está cadastrado para outra ONG.",
} as const;

/** The two check digits for a 12-character base (digits or capital letters). */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error("a CNPJ base has 12 digits or capital letters");
  const first = cnpjValidator.verifierDigit(base);
  const second = cnpjValidator.verifierDigit(`${base}${first}`);
  return `${first}${second}`;
}

export type CnpjResult = { ok: true; cnpj: string } | { ok: false; error: string };

/**
 * Validates a typed CNPJ and returns its 14 characters (capital letters and digits, no
 * punctuation). Only letters, digits and the usual separators (. / - and spaces) are accepted:
 * anything else is an error, not silently dropped. Lower-case letters are taken as capitals.
 */
export function parseCnpj(input: string): CnpjResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, error: CNPJ_MESSAGES.required };
  if (!/^[0-9A-Za-z.\-/\s]+$/.test(trimmed)) return { ok: false, error: CNPJ_MESSAGES.length };
  const cnpj = normalizeCnpj(trimmed);
  if (cnpj.length !== 14) return { ok: false, error: CNPJ_MESSAGES.length };
  if (!/^\d{2}$/.test(cnpj.slice(12))) return { ok: false, error: CNPJ_MESSAGES.lastDigits };
  if (/^(.)\1{13}$/.test(cnpj)) return { ok: false, error: CNPJ_MESSAGES.repeated };
  if (!cnpjValidator.isValid(cnpj, true)) return { ok: false, error: CNPJ_MESSAGES.checkDigits };
  return { ok: true, cnpj };
}

export const isValidCnpj = (input: string) => parseCnpj(input).ok;

/** True for a CNPJ with letters (issued from July 2026). */
export const isAlphanumericCnpj = (cnpj: string) => /[A-Z]/.test(normalizeCnpj(cnpj));
