import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";
import { type Connection, migrateDatabase, openPglite, openPostgres, setConnection } from "~/db.server";
import { startBackgroundJobs } from "~/jobs.server";
import { databaseHealth } from "~/lib/health.server";
import { logger } from "~/lib/logger.server";
import { acquireDataDirLock } from "~/lib/data-dir-lock.server";
import { seedIfEmpty } from "~/seed/seed.server";

export class StartupError extends Error {
  override name = "StartupError";
}

/** Connects, migrates, seeds demo data when appropriate and starts the workers. */
export async function startApplication() {
  const config = getConfig();
  const log = logger;
  log.level = config.LOG_LEVEL;

  let connection: Connection;
  let releaseLock = () => {};
  if (config.DATABASE_URL) {
    connection = await openPostgres(config.DATABASE_URL);
    try {
      await connection.db.execute(sql`select 1`);
    } catch (error) {
      await connection.close().catch(() => {});
      throw new StartupError(
        `Banco de dados inacessível em DATABASE_URL (${redactUrl(config.DATABASE_URL)}): ${(error as Error).message}`,
      );
    }
  } else {
    const dir = path.resolve(config.DATA_DIR, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = acquireDataDirLock(config.DATA_DIR);
    connection = await openPglite({ dataDir: dir });
  }
  setConnection(connection);
  await migrateDatabase(connection);

  const seedDemo = config.SEED_DEMO ?? !config.isProduction;
  if (seedDemo) {
    const seeded = await seedIfEmpty();
    if (seeded) log.info("Dados de demonstração criados");
  }

  if (connection.kind === "pg") databaseHealth.start();
  const stopJobs = await startBackgroundJobs(connection);

  return {
    config,
    log,
    databaseKind: connection.kind === "pg" ? "PostgreSQL" : `PGlite em ${config.DATA_DIR}`,
    async shutdown() {
      databaseHealth.stop();
      await stopJobs();
      await connection.close();
      releaseLock();
    },
  };
}

function redactUrl(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");
}
