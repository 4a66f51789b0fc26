/**
 * What an upload field accepts, shared by the browser (a courtesy: a 12 MB photo is refused at once,
 * not after a long upload) and the server (the check that counts): the same limit, the same kinds
 * read from the same first bytes, the same pt-BR messages.
 */
import { sniffFileType, type FileKind } from "./sniff";

export type UploadRule = {
  maxBytes: number;
  kinds: readonly FileKind[];
  messages: { tooLarge: string; wrongType: string; heic: string };
};

/** The first bytes are enough to tell the kinds we take (sniff.ts). */
const HEAD_BYTES = 16;

/** Why this file would be refused, or null. Reads only the file's size and first bytes. */
export async function uploadRefusal(file: Blob, rule: UploadRule): Promise<string | null> {
  if (file.size > rule.maxBytes) return rule.messages.tooLarge;
  const type = sniffFileType(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  if (type?.kind === "heic" && !rule.kinds.includes("heic")) return rule.messages.heic;
  if (!type || !rule.kinds.includes(type.kind)) return rule.messages.wrongType;
  return null;
}
