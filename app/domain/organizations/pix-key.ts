/**
 * Pix keys by type, as the Banco Central's directory (DICT) stores them: CPF as digits, CNPJ as its 14 characters (digits, or capital letters and digits),
 * e-mail in lower case (at most 77 characters), a mobile phone as +55 DDD number, and a random
 * key (EVP) as a UUID. Browser-safe, no I/O: the admin form's server check uses it.
 */
import { formatCnpj, parseCnpj } from "./cnpj";
import { isValidCpfDigits } from "./cpf";

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "telefone", "aleatoria"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  telefone: "Celular",
  aleatoria: "Chave aleatória",
};

export const PIX_MESSAGES = {
  type: "Escolha o tipo da chave Pix.",
  required: "Informe a chave Pix.",
  keyWithoutType: "Escolha o tipo da chave Pix informada.",
  cpf: "Chave Pix inválida: informe um CPF válido, por exemplo 123.456.789-09.",
  cnpj: "Chave Pix inválida: informe um CNPJ válido, por exemplo 11.222.333/0001-81.",
  email: "Chave Pix inválida: informe um e-mail válido com até 77 caracteres.",
  telefone: "Chave Pix inválida: informe um celular com DDD no formato +55, por exemplo +55 11 91234-5678.",
  aleatoria: "Chave Pix inválida: a chave aleatória tem 32 letras e números com hífens, por exemplo 123e4567-e89b-42d3-a456-426614174000.",
} as const;

/** Brazil's area codes (DDD) in use; a phone key with another one cannot exist. */
export const BRAZILIAN_DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PIX_EMAIL_MAX = 77;

export type PixKeyResult = { ok: true; key: string } | { ok: false; error: string };

/** Validates a key for its type and returns it the way the directory stores it. */
export function parsePixKey(type: PixKeyType, input: string): PixKeyResult {
  const value = input.trim();
  if (!value) return { ok: false, error: PIX_MESSAGES.required };
  const fail = { ok: false, error: PIX_MESSAGES[type] } as const;
  switch (type) {
    case "cpf": {
      if (!/^[\d.\-\s]+$/.test(value)) return fail;
      const digits = value.replace(/\D/g, "");
      return isValidCpfDigits(digits) ? { ok: true, key: digits } : fail;
    }
    case "cnpj": {
      const cnpj = parseCnpj(value);
      return cnpj.ok ? { ok: true, key: cnpj.cnpj } : fail;
    }
    case "email": {
      const email = value.toLowerCase();
      return email.length <= PIX_EMAIL_MAX && EMAIL.test(email) ? { ok: true, key: email } : fail;
    }
    case "telefone": {
      const phone = normalizeBrazilianMobile(value);
      return phone ? { ok: true, key: phone } : fail;
    }
    case "aleatoria": {
      const key = value.toLowerCase();
      return UUID.test(key) ? { ok: true, key } : fail;
    }
  }
}

/**
 * "+55 (11) 91234-5678", "11 91234-5678" or "5511912345678" → "+5511912345678". A Pix phone key
 * is a mobile number: DDD plus 9 digits starting with 9.
 */
function normalizeBrazilianMobile(input: string): string | null {
  const value = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (value.startsWith("+")) {
    if (!digits.startsWith("55")) return null;
    digits = digits.slice(2);
  } else if (digits.length === 13 && digits.startsWith("55")) {
    digits = digits.slice(2);
  }
  if (!/^\d{2}9\d{8}$/.test(digits)) return null;
  if (!BRAZILIAN_DDDS.has(Number(digits.slice(0, 2)))) return null;
  return `+55${digits}`;
}

/** How a stored key is shown to an admin (CPF/CNPJ/phone with their usual punctuation). */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === "cpf" && /^\d{11}$/.test(key)) return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  if (type === "cnpj") return formatCnpj(key);
  if (type === "telefone" && /^\+55\d{11}$/.test(key)) return `+55 ${key.slice(3, 5)} ${key.slice(5, 10)}-${key.slice(10)}`;
  return key;
}
