/**
 * Showing a CNPJ: what every page that names an institution needs. Apart from the validation
 * (cnpj.ts) so the public pages' shared chunk carries these few lines and not the check digits
 * and messages only the forms use (vite/client-chunks.ts). Works for the numeric and the
 * alphanumeric CNPJ (capital letters in the first 12 places, IN RFB 2.229/2024).
 */

/** Keeps the letters (as capitals) and digits of what a person typed ("12.ABC.345/01DE-35", "12345678000195"). */
export function normalizeCnpj(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** 14 characters as 00.000.000/0000-00 (or 12.ABC.345/01DE-35); anything else is returned as it came. */
export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c)) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}
