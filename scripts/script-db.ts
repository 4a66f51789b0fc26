import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/platform/config.server";
import { migrateDatabase, openPglite, openPostgres, setConnection } from "~/platform/db.server";
import { acquireDataDirLock, readLockOwner } from "~/platform/db/data-dir-lock.server";

/** Opens the configured database for a command-line script, migrated, and closes it after. */
export async function withScriptDatabase(work: () => Promise<void>) {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  let release = () => {};
  let conn;
  if (config.DATABASE_URL) {
    conn = await openPostgres(config.DATABASE_URL, { max: 2 });
  } else {
    const owner = readLockOwner(config.DATA_DIR);
    if (owner) {
      console.error(
        `O servidor (pid ${owner}) está usando o banco embutido em ${config.DATA_DIR}. Pare o servidor e rode o comando de novo.`,
      );
      process.exit(1);
    }
    fs.mkdirSync(path.resolve(config.DATA_DIR, "pglite"), { recursive: true });
    release = acquireDataDirLock(config.DATA_DIR);
    conn = await openPglite({ dataDir: path.resolve(config.DATA_DIR, "pglite") });
  }
  setConnection(conn);
  try {
    await migrateDatabase(conn);
    await work();
  } finally {
    await conn.close();
    release();
  }
}
