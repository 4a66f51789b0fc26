/**
 * What `npm run backup` and `npm run restore` share: the backup folder's layout and the copy of
 * every stored file (party covers, profile photos, payout proofs, institution documents) through
 * the storage interface, so the same code backs up `DATA_DIR/files` and an S3 bucket.
 *
 *   <folder>/manifest.json    what the backup holds (database kind, every file's key, type, size, sha256)
 *   <folder>/database.dump    PostgreSQL: pg_dump --format=custom
 *   <folder>/pglite.tar.gz    the embedded database: PGlite's own dump of its folder
 *   <folder>/files/<key>      each stored file's bytes
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FileStorage } from "~/platform/storage/file-storage";
import { keySegments, readAll } from "~/platform/storage/file-storage";

export type BackupFile = { key: string; contentType: string; size: number; sha256: string };
export type Manifest = {
  format: "festa-backup-1";
  createdAt: string;
  database: "postgres" | "pglite";
  storage: "disk" | "s3";
  files: BackupFile[];
};

export const MANIFEST = "manifest.json";
export const PG_DUMP_FILE = "database.dump";
export const PGLITE_DUMP_FILE = "pglite.tar.gz";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Where a key's bytes go in the folder (keys are safe paths: keySegments refuses anything else). */
const fileIn = (folder: string, key: string) => path.join(folder, "files", ...keySegments(key));

/** Copies every stored file into `folder/files`; returns their list for the manifest. */
export async function copyFilesOut(storage: FileStorage, folder: string): Promise<BackupFile[]> {
  const files: BackupFile[] = [];
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    if (!stored) continue; // deleted between the listing and the read
    const bytes = await readAll(stored);
    const target = fileIn(folder, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
    files.push({ key, contentType: stored.contentType, size: bytes.byteLength, sha256: sha256(bytes) });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** Puts every file of the manifest back into the storage, checking each one's bytes first. */
export async function copyFilesIn(storage: FileStorage, folder: string, files: BackupFile[]): Promise<void> {
  for (const file of files) {
    const bytes = new Uint8Array(fs.readFileSync(fileIn(folder, file.key)));
    if (bytes.byteLength !== file.size || sha256(bytes) !== file.sha256)
      throw new Error(`O arquivo ${file.key} da cópia está corrompido (tamanho ou soma SHA-256 diferente do manifesto).`);
    await storage.put(file.key, bytes, file.contentType);
  }
}

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} não é uma cópia de segurança (falta ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== "festa-backup-1") throw new Error(`Formato de cópia desconhecido: ${String(manifest.format)}.`);
  return manifest;
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); its error output becomes the error's message. */
export function runPgTool(tool: string, args: string[]): void {
  try {
    execFileSync(tool, args, { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} falhou${stderr ? `: ${stderr}` : "."}`, { cause: error });
  }
}

/** Prints the message of a failed backup or restore (never a stack with the database URL) and exits 1. */
export function failAndExit(error: unknown): never {
  console.error((error as Error).message);
  process.exit(1);
}
