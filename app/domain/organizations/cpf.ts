/** CPF check digits (mod 11), for Pix keys of type CPF. Browser-safe, no I/O. */

function checkDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The two check digits for 9 base digits. */
export function cpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error("a CPF base has 9 digits");
  const digits = [...base].map(Number);
  const first = checkDigit(digits);
  const second = checkDigit([...digits, first]);
  return `${first}${second}`;
}

/** Whether 11 digits are a CPF: check digits right and not all the same digit. */
export function isValidCpfDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}
