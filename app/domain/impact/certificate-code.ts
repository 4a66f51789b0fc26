/**
 * Certificate verification codes: 16 characters of Crockford-style base32 (no I, L, O, U), 80
 * random bits — unguessable, short enough to type from a printed page. Shown grouped "ABCD-EFGH-…".
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

export function newCertificateCode(random: (size: number) => Uint8Array): string {
  const bytes = random(16);
  return Array.from(bytes, (b) => ALPHABET[b % 32]).join("");
}

/** What a person typed or a link carries ("abcd-efgh-…" too), as stored; null when it cannot be a code. */
export function normaliseCertificateCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return CODE.test(code) ? code : null;
}

export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}
