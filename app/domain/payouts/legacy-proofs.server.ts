/**
 * Proofs uploaded before file storage sit base64 in payouts.proof_file_base64. A SQL migration
 * cannot write files, so this step runs at every start, after the migrations (startup.server.ts):
 * it copies each such proof into storage under a key derived from the payout id, then points the
 * row at it and clears the base64. Until every row is moved the proof route still serves the
 * base64 copy; a later migration drops the column (docs/decisions/120-file-storage.md).
 *
 * Safe to repeat and to run from two processes at once: the key is the same for the same payout,
 * so a copy written twice is the same bytes, and the row is updated only while it has no key.
 */
import { logger } from "~/platform/logger.server";
import { type FileStorage, getStorage } from "~/platform/storage/index.server";
import { sniffFileType } from "~/platform/storage/sniff";
import { findLegacyProof, setLegacyProofStored } from "./payouts-admin.server";

export async function moveLegacyProofs(storage: FileStorage = getStorage()): Promise<{ moved: number }> {
  let moved = 0;
  let after: string | null = null;
  // One row at a time: each holds up to ~7 MB of base64, and there are few of them.
  for (let row = await findLegacyProof(after); row; row = await findLegacyProof(after)) {
    after = row.id;
    const bytes = new Uint8Array(Buffer.from(row.proofFile!, "base64"));
    const type = sniffFileType(bytes);
    const stored = {
      key: `payouts/proofs/legacy-${row.id}.${type?.ext ?? "bin"}`,
      contentType: type?.mime ?? "application/octet-stream",
      size: bytes.byteLength,
    };
    await storage.put(stored.key, bytes, stored.contentType);
    if (await setLegacyProofStored(row.id, stored)) moved++;
  }
  return { moved };
}

/** The startup's call: a storage that is down must not keep the site from starting. */
export async function moveLegacyProofsAtStartup(storage: FileStorage = getStorage()) {
  try {
    const { moved } = await moveLegacyProofs(storage);
    if (moved > 0) logger.info({ moved }, "Comprovantes antigos movidos para o armazenamento de arquivos");
  } catch (error) {
    logger.error(
      { err: error },
      "Não foi possível mover os comprovantes antigos; eles continuam servidos do banco e a próxima partida tenta de novo",
    );
  }
}
