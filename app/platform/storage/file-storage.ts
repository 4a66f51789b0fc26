/**
 * The product's file storage seam: payout proofs today, party and profile photos next. Two
 * adapters implement it (a folder under DATA_DIR, any S3-compatible store) and pass the same
 * contract suite (storage.server.test.ts), so a domain never knows which one it talks to.
 */

export type StoredFile = {
  /** The bytes, streamed: a Response can take it as its body without buffering. */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
};

export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Writes the whole file at once; a reader never sees half of it. Overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when the key holds nothing. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key stored, in no particular order (the backup copies them all: scripts/backup.ts). */
  list(): AsyncIterable<string>;
}

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

// Segments of letters, digits, dot, dash and underscore, never starting with a dot: no "..", no
// hidden files, no separators or drive letters to escape the folder, and the same key is valid on
// a file system and on S3. Keys are built by our code (ids, hashes), never taken from a user.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Throws StorageKeyError unless `key` is a safe storage key; returns its segments. */
export function keySegments(key: string): string[] {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new StorageKeyError("Chave de arquivo inválida.");
  const segments = key.split("/");
  if (!segments.every((s) => SEGMENT.test(s))) throw new StorageKeyError("Chave de arquivo inválida.");
  return segments;
}

/** Reads a stored file's stream to the end (for small files and tests). */
export async function readAll(file: StoredFile): Promise<Uint8Array> {
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}
