import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import type { Clock } from "~/platform/clock";
import { type Config, sandboxInProductionWarning } from "~/platform/config.server";
import { applyMigrations, type Connection, openPglite, openPostgres, setConnection, withSchemaLock } from "~/platform/db.server";
import { startBackgroundJobs } from "~/jobs.server";
import { databaseHealth } from "~/platform/health.server";
import { logger } from "~/platform/logger.server";
import { acquireDataDirLock } from "~/platform/db/data-dir-lock.server";
import { seedIfEmpty } from "~/seed/seed.server";
import { getSetupStatus, setupMessage } from "~/domain/parties/setup-status.server";
import { explainDatabaseFailure } from "~/platform/db/connection-errors.server";
import { checkDatabaseIdentity, isOutboxPaused } from "~/platform/mail/outbox-pause.server";
import { moveLegacyProofsAtStartup } from "~/domain/payouts/index.server";

class StartupError extends Error {
  override name = "StartupError";
}

/** Connects, migrates, seeds demo data when appropriate and starts the workers. */
export async function startApplication({ config, clock }: { config: Config; clock: Clock }) {
  const log = logger;
  log.level = config.LOG_LEVEL;
  const sandboxWarning = sandboxInProductionWarning(config);
  if (sandboxWarning) log.warn(sandboxWarning);

  let connection: Connection;
  let releaseLock = () => {};
  if (config.DATABASE_URL) {
    connection = await openPostgres(config.DATABASE_URL, { max: config.DATABASE_POOL_SIZE });
    try {
      await connection.db.execute(sql`select 1`);
    } catch (error) {
      await connection.close().catch(() => {});
      throw new StartupError(explainDatabaseFailure(config.DATABASE_URL, error));
    }
  } else {
    const dir = path.resolve(config.DATA_DIR, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = acquireDataDirLock(config.DATA_DIR);
    connection = await openPglite({ dataDir: dir });
  }
  setConnection(connection);
  // Everything that creates schema (our migrations, the demo seed, pg-boss's schema, queues and
  // schedules) under one advisory lock: instances starting together on an empty database take
  // turns instead of racing on CREATE SCHEMA (issue 18).
  const jobs = await withSchemaLock(
    connection,
    async (client) => {
      try {
        await applyMigrations(connection, client);
        log.info("Banco de dados pronto (migrações aplicadas)");
      } catch (error) {
        const e = error as { message?: string; code?: string; cause?: { message?: string; code?: string } };
        const inner = e.cause ?? e;
        throw new StartupError(
          `Não foi possível aplicar as migrações do banco: ${inner.message ?? "erro desconhecido"}${inner.code ? ` (${inner.code})` : ""}. ` +
            "O usuário de DATABASE_URL precisa ser o dono do banco (veja docs/operations.md, Backups e restauração).",
        );
      }

      // Files a SQL migration cannot move: proofs still base64 in the database go to file storage.
      await moveLegacyProofsAtStartup();

      // A restored copy pauses e-mail sending until an operator resumes it (docs/decisions/101).
      const location = connection.kind === "pglite" ? path.resolve(config.DATA_DIR, "pglite") : undefined;
      const identity = await checkDatabaseIdentity(location);
      if (identity.status === "restored-copy") {
        log.warn(
          "ATENÇÃO: este banco é uma cópia restaurada (a identidade do banco mudou). O envio de e-mails foi PAUSADO para não reenviar " +
            "mensagens que a produção já entregou. Confira a fila com `npm run outbox -- status` e retome com `npm run outbox -- resume`.",
        );
      } else if (await isOutboxPaused()) {
        log.warn("O envio de e-mails está PAUSADO. Confira com `npm run outbox -- status` e retome com `npm run outbox -- resume`.");
      }

      const seedDemo = config.SEED_DEMO ?? !config.isProduction;
      if (seedDemo) {
        const seeded = await seedIfEmpty();
        if (seeded) log.info("Dados de demonstração criados");
      }

      if (config.isProduction) {
        const message = setupMessage(await getSetupStatus());
        if (message) log.warn(message);
      }
      return startBackgroundJobs(connection, { config, clock });
    },
    () => log.info("Outra instância está preparando o banco de dados; aguardando a vez…"),
  ).catch(async (error) => {
    await connection.close().catch(() => {});
    releaseLock();
    throw error;
  });
  if (connection.kind === "pg") databaseHealth.start();

  return {
    config,
    log,
    databaseKind: connection.kind === "pg" ? "PostgreSQL" : `PGlite em ${config.DATA_DIR}`,
    sandboxEvents: jobs.sandboxEvents,
    async shutdown() {
      databaseHealth.stop();
      await jobs.stop();
      await connection.close();
      releaseLock();
    },
  };
}
