/**
 * Showing a CNPJ: what every page that names an institution needs. Apart from the validation
 * (cnpj.ts) so the public pages' shared chunk carries these few lines and not the check digits
 * and messages only the admin's form uses (vite/client-chunks.ts).
 */

/** Keeps the digits of what a person typed ("12.345.678/0001-95", "12345678000195"). */
export function cnpjDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/** 14 digits as 00.000.000/0000-00; anything else is returned as it came. */
export function formatCnpj(value: string): string {
  const d = cnpjDigits(value);
  if (d.length !== 14) return value;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
