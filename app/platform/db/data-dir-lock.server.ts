import fs from "node:fs";
import path from "node:path";

/**
 * PGlite allows one process per data folder: a second one would corrupt it. The lock file holds
 * the owner's pid; a stale lock (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.resolve(dataDir, "server.pid");
  const owner = readLockOwner(dataDir);
  if (owner && owner !== process.pid) {
    const error = new Error(
      `Outro processo (pid ${owner}) já está usando o banco embutido em ${dataDir}. Pare-o antes, ou use outro DATA_DIR.`,
    );
    error.name = "StartupError";
    throw error;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (readLockOwner(dataDir) === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The pid of the live process holding the folder, if any. */
export function readLockOwner(dataDir: string): number | undefined {
  const file = path.resolve(dataDir, "server.pid");
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}
