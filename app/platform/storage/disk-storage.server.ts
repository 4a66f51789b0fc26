/**
 * Files in a folder (DATA_DIR/files by default): `data/<key>` holds the bytes and
 * `meta/<key>.json` the content type, so the stored files stay plain files a backup or a person
 * can open. Writes go to a temporary file in the same folder and are renamed into place (rename
 * is atomic on one file system): a crash or a concurrent reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { type FileStorage, keySegments, StorageKeyError, type StoredFile } from "./file-storage";

const FALLBACK_TYPE = "application/octet-stream";

export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);

  /** Maps a key inside `base/<area>`; the prefix check is a second fence behind keySegments. */
  function locate(area: "data" | "meta", key: string, suffix = "") {
    const segments = keySegments(key);
    const areaRoot = path.join(base, area);
    const file = path.join(areaRoot, ...segments) + suffix;
    if (!file.startsWith(areaRoot + path.sep)) throw new StorageKeyError("Chave de arquivo inválida.");
    return file;
  }

  async function writeAtomically(file: string, bytes: Uint8Array | string) {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // A leading dot: keys cannot start with one, so a temp file never collides with a key.
    const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString("hex")}`);
    const handle = await fsp.open(temp, "wx", 0o640);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async function readType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await fsp.readFile(locate("meta", key, ".json"), "utf8")) as { contentType?: unknown };
      return typeof meta.contentType === "string" ? meta.contentType : FALLBACK_TYPE;
    } catch {
      return FALLBACK_TYPE;
    }
  }

  return {
    kind: "disk",
    async put(key, bytes, contentType) {
      const dataFile = locate("data", key);
      // Metadata first: a crash in between leaves a type without bytes, which reads as missing.
      await writeAtomically(locate("meta", key, ".json"), JSON.stringify({ contentType }));
      await writeAtomically(dataFile, bytes);
    },
    async get(key): Promise<StoredFile | null> {
      const dataFile = locate("data", key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(dataFile, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // The open handle keeps reading the same file even if a put renames a new one over it.
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream(); // closes the handle at its end or when cancelled
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, contentType: await readType(key), size: stat.size };
    },
    async delete(key) {
      await fsp.rm(locate("data", key), { force: true });
      await fsp.rm(locate("meta", key, ".json"), { force: true });
    },
    async *list() {
      const dataRoot = path.join(base, "data");
      let entries: string[];
      try {
        entries = await fsp.readdir(dataRoot, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join("/");
        // Temporary files of a write in progress start with a dot; folders are not keys.
        if (key.split("/").some((segment) => segment.startsWith("."))) continue;
        if ((await fsp.stat(path.join(dataRoot, entry))).isFile()) yield key;
      }
    },
    async exists(key) {
      try {
        return (await fsp.stat(locate("data", key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
