/**
 * Payout proofs: an uploaded file is checked by its first bytes (not by what the browser claims)
 * and stored base64 in payouts.proof_file_base64. The creator and the institution have no admin
 * access, so their e-mail carries a link signed with APP_SECRET for that one payout.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config.server";

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

const KINDS = [
  { ext: "pdf", mime: "application/pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { ext: "png", mime: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: "jpg", mime: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
] as const;

export type ProofFile = { fileName: string; base64: string };

export type ProofCheck = { ok: true; file: ProofFile } | { ok: false; message: string };

/** Accepts a PDF, PNG or JPG of at most 5 MB; the stored name gets the extension of its real type. */
export async function checkProofFile(file: File): Promise<ProofCheck> {
  if (file.size > MAX_PROOF_BYTES) return { ok: false, message: "O arquivo deve ter no máximo 5 MB." };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = KINDS.find((k) => k.magic.every((b, i) => bytes[i] === b));
  if (!kind) return { ok: false, message: "Envie o comprovante em PDF, PNG ou JPG." };
  const base = (file.name || "comprovante")
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "comprovante";
  return { ok: true, file: { fileName: `${base}.${kind.ext}`, base64: Buffer.from(bytes).toString("base64") } };
}

export function proofMimeType(fileName: string): string {
  const ext = fileName.split(".").pop()?.toLowerCase();
  return KINDS.find((k) => k.ext === ext)?.mime ?? "application/octet-stream";
}

function sign(payoutId: string) {
  return createHmac("sha256", getConfig().APP_SECRET).update(`payout-proof:${payoutId}`).digest("base64url");
}

export function proofPath(payoutId: string) {
  return `/repasses/${payoutId}/comprovante`;
}

/** The link e-mailed to the creator and the institution. */
export function signedProofUrl(payoutId: string) {
  return `${getConfig().PUBLIC_URL}${proofPath(payoutId)}?t=${sign(payoutId)}`;
}

export function isValidProofToken(payoutId: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(sign(payoutId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
