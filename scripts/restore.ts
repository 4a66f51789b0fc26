// npm run restore -- FOLDER: a backup made by `npm run backup` into the configured database (which
// must be empty: a new PostgreSQL database owned by the app's role, or a DATA_DIR without a
// database) and file storage. docs/operations.md, "Backups and restore".
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { getConfig } from "~/platform/config.server";
import { openPglite } from "~/platform/db.server";
import { acquireDataDirLock, readLockOwner } from "~/platform/db/data-dir-lock.server";
import { getStorage } from "~/platform/storage/index.server";
import { copyFilesIn, failAndExit, PG_DUMP_FILE, PGLITE_DUMP_FILE, readManifest, runPgTool } from "./backup-files";
import { countOf } from "~/platform/plural";

const FILES = { one: "arquivo", other: "arquivos", zero: "nenhum arquivo" };

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

async function restore(folder: string) {
  const config = getConfig();
  const manifest = readManifest(folder);
  if (manifest.database === "postgres") {
    if (!config.DATABASE_URL) throw new Error("Esta cópia é de um banco PostgreSQL: defina DATABASE_URL com o banco novo, vazio.");
    if (!(await postgresIsEmpty(config.DATABASE_URL)))
      throw new Error("O banco de DATABASE_URL não está vazio: restaure num banco novo (createdb), nunca por cima de outro.");
    runPgTool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${config.DATABASE_URL}`,
      path.join(folder, PG_DUMP_FILE),
    ]);
  } else {
    if (config.DATABASE_URL) throw new Error("Esta cópia é do banco embutido (PGlite): tire DATABASE_URL e defina DATA_DIR.");
    const dataDir = path.resolve(config.DATA_DIR, "pglite");
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
      throw new Error(`${dataDir} já tem um banco: restaure num DATA_DIR novo, ou mova esse banco antes.`);
    fs.mkdirSync(dataDir, { recursive: true });
    const owner = readLockOwner(config.DATA_DIR);
    if (owner) throw new Error(`O servidor (pid ${owner}) está usando ${config.DATA_DIR}. Pare o servidor e rode o comando de novo.`);
    const release = acquireDataDirLock(config.DATA_DIR);
    try {
      const dump = new Blob([new Uint8Array(fs.readFileSync(path.join(folder, PGLITE_DUMP_FILE)))]);
      const conn = await openPglite({ dataDir, loadDataDir: dump });
      await conn.close();
    } finally {
      release();
    }
  }
  await copyFilesIn(getStorage(), folder, manifest.files);
  console.log(
    `Restaurado de ${folder} (cópia de ${manifest.createdAt}): banco (${manifest.database}) e ${countOf(manifest.files.length, FILES)}.`,
  );
  console.log("Ao iniciar, o servidor pausa o envio de e-mails de uma cópia restaurada: veja `npm run outbox -- status`.");
}

if (!process.argv[2]) failAndExit(new Error("Uso: npm run restore -- PASTA_DA_COPIA"));
await restore(path.resolve(process.argv[2])).catch(failAndExit);
