/**
 * The storage the configuration chose. Services take a `storage` argument that defaults to
 * getStorage(), so a caller (a test, later the request context) can hand them another one.
 */
import { type Config, getConfig, type StorageConfig } from "~/platform/config.server";
import { createDiskStorage } from "./disk-storage.server";
import type { FileStorage } from "./file-storage";
import { createS3Storage } from "./s3-storage.server";

export type { FileStorage } from "./file-storage";
export { readAll } from "./file-storage";

function createStorage(config: StorageConfig): FileStorage {
  return config.kind === "s3" ? createS3Storage(config) : createDiskStorage(config.dir);
}

let cached: { config: Config; storage: FileStorage } | undefined;

/** One storage per parsed configuration (tests reset the configuration between cases). */
export function getStorage(): FileStorage {
  const config = getConfig();
  if (cached?.config !== config) cached = { config, storage: createStorage(config.storage) };
  return cached.storage;
}
