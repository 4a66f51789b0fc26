/**
 * Payout proofs: an uploaded file is checked by its first bytes (not by its name or what the
 * browser claims) and kept in file storage (platform/storage); the payouts row keeps its key,
 * type, size and names. The creator and the institution have no admin access, so their e-mail
 * carries a link signed with APP_SECRET for that one payout.
 *
 * Every function that touches files takes the storage as its last argument (default: the one the
 * configuration chose), so a caller can hand it another one.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { type FileStorage, getStorage } from "~/platform/storage/index.server";
import { sniffFileType } from "~/platform/storage/sniff";
import { MAX_PROOF_BYTES, PROOF_KINDS, PROOF_MESSAGES } from "./proof-rules";
import { findPayoutProof } from "./payouts-admin.server";

/** A proof that passed the checks, not yet stored. */
type CheckedProof = { bytes: Uint8Array; contentType: string; ext: string; fileName: string; originalName: string };

/** A stored proof: what the payouts row keeps. */
export type StoredProof = { key: string; contentType: string; size: number; fileName: string; originalName: string };

type ProofCheck = { ok: true; proof: CheckedProof } | { ok: false; message: string };

/** Accepts a PDF, PNG or JPG of at most 10 MB; the download name gets the extension of its real type. */
async function checkProofFile(file: File): Promise<ProofCheck> {
  if (file.size > MAX_PROOF_BYTES) return { ok: false, message: PROOF_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(bytes);
  if (type?.kind === "heic") return { ok: false, message: PROOF_MESSAGES.heic };
  if (!type || !PROOF_KINDS.includes(type.kind)) return { ok: false, message: PROOF_MESSAGES.wrongType };
  return {
    ok: true,
    proof: {
      bytes,
      contentType: type.mime,
      ext: type.ext,
      fileName: downloadName(file.name, type.ext),
      originalName: originalName(file.name),
    },
  };
}

/** The sender's name reduced to ASCII letters, digits and dashes, with the real type's extension. */
function downloadName(name: string, ext: string) {
  const base =
    (name || "comprovante")
      .replace(/\.[^.]*$/, "")
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "comprovante";
  return `${base}.${ext}`;
}

/** Kept as sent, for the record; control characters out and a sane length. */
function originalName(name: string) {
  // eslint-disable-next-line no-control-regex
  return (name || "comprovante").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200);
}

/**
 * Writes the proof under a fresh key, before the payout's transaction: a row never points at a
 * file that is not there. If the transaction does not keep it, the caller discards it.
 */
async function storeProof(proof: CheckedProof, storage: FileStorage = getStorage()): Promise<StoredProof> {
  const key = `payouts/proofs/${randomUUID()}.${proof.ext}`;
  await storage.put(key, proof.bytes, proof.contentType);
  return { key, contentType: proof.contentType, size: proof.bytes.byteLength, fileName: proof.fileName, originalName: proof.originalName };
}

/** Removes a stored proof no payout kept. Best effort: an orphan file is harmless, a lost answer is not. */
async function discardProof(key: string, storage: FileStorage = getStorage()) {
  try {
    await storage.delete(key);
  } catch (error) {
    logger.warn({ err: error, key }, "Comprovante órfão não pôde ser apagado");
  }
}

export type OpenedProof =
  | { kind: "file"; body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>; contentType: string; size: number; fileName: string }
  | { kind: "link"; url: string };

/** The proof of a transferred payout: its stored file, a legacy file still in the row, or its link. */
export async function openPayoutProof(payoutId: string, storage: FileStorage = getStorage()): Promise<OpenedProof | null> {
  const row = await findPayoutProof(payoutId);
  if (!row) return null;
  const fileName = row.proofFileName ?? "comprovante";
  if (row.proofKey) {
    const file = await storage.get(row.proofKey);
    if (file) return { kind: "file", body: file.body, contentType: row.proofContentType ?? file.contentType, size: file.size, fileName };
    logger.error({ payoutId, key: row.proofKey }, "Comprovante ausente no armazenamento de arquivos");
  } else if (row.proofFile) {
    // Uploaded before file storage and not moved yet (legacy-proofs.server.ts moves them at startup).
    const bytes = new Uint8Array(Buffer.from(row.proofFile, "base64"));
    return {
      kind: "file",
      body: bytes,
      contentType: sniffFileType(bytes)?.mime ?? "application/octet-stream",
      size: bytes.byteLength,
      fileName,
    };
  }
  if (row.proofUrl) return { kind: "link", url: row.proofUrl };
  return null;
}

function sign(payoutId: string) {
  return createHmac("sha256", getConfig().APP_SECRET).update(`payout-proof:${payoutId}`).digest("base64url");
}

export function proofPath(payoutId: string) {
  return `/repasses/${payoutId}/comprovante`;
}

/** The link e-mailed to the creator and the institution. */
export function signedProofUrl(payoutId: string) {
  return `${getConfig().PUBLIC_URL}${signedProofPath(payoutId)}`;
}

/**
 * The same link, relative: /painel gives it to the party's creator and the public ended-party page
 * to anyone (issue 14: the donors see the proof of what was transferred). It opens this payout's
 * proof only; the route answers 404 to anything else.
 */
function signedProofPath(payoutId: string) {
  return `${proofPath(payoutId)}?t=${sign(payoutId)}`;
}

/** Where a transferred payout's proof is read: our signed link for a stored file, else the link the team recorded. */
export function proofLink(payout: { id: string; hasFile: boolean; proofUrl: string | null }) {
  if (payout.hasFile) return { href: signedProofPath(payout.id), external: false };
  // The admin form accepts only http(s) links; checked again before a public page shows one.
  if (payout.proofUrl && /^https?:\/\//i.test(payout.proofUrl)) return { href: payout.proofUrl, external: true };
  return null;
}

export function isValidProofToken(payoutId: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(sign(payoutId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Why a transfer's proof file was not taken: its content, or the file storage being down. */
export type ProofRefusal = { kind: "bad-file"; message: string } | { kind: "storage-down" };

/**
 * Runs a transfer with its proof file, if any: checked by content and stored before the
 * transaction, so the row never names a missing file; discarded when the transfer does not
 * happen (any outcome but `ok`, or an error).
 */
export async function withStoredProof<T extends { kind: string }>(
  upload: File | null,
  transfer: (file: StoredProof | null) => Promise<T>,
): Promise<T | ProofRefusal> {
  let file: StoredProof | null = null;
  if (upload) {
    const checked = await checkProofFile(upload);
    if (!checked.ok) return { kind: "bad-file", message: checked.message };
    try {
      file = await storeProof(checked.proof);
    } catch (error) {
      logger.error({ err: error }, "Armazenamento de arquivos indisponível ao guardar um comprovante");
      return { kind: "storage-down" };
    }
  }
  try {
    const outcome = await transfer(file);
    if (file && outcome.kind !== "ok") await discardProof(file.key);
    return outcome;
  } catch (error) {
    if (file) await discardProof(file.key);
    throw error;
  }
}
