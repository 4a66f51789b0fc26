// npm run backup -- [FOLDER]: the database and every stored file into FOLDER (default
// backups/festa-<date and time>). docs/operations.md, "Backups and restore".
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/platform/config.server";
import { openPglite } from "~/platform/db.server";
import { acquireDataDirLock, readLockOwner } from "~/platform/db/data-dir-lock.server";
import { getStorage } from "~/platform/storage/index.server";
import { copyFilesOut, failAndExit, MANIFEST, type Manifest, PG_DUMP_FILE, PGLITE_DUMP_FILE, runPgTool } from "./backup-files";
import { countOf } from "~/platform/plural";

const FILES = { one: "arquivo", other: "arquivos", zero: "nenhum arquivo" };

async function backup(folder: string) {
  const config = getConfig();
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0)
    throw new Error(`${folder} já existe e não está vazia: escolha outra pasta.`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });

  let database: Manifest["database"];
  if (config.DATABASE_URL) {
    database = "postgres";
    // A consistent snapshot while the instances keep running (pg_dump reads in one transaction).
    runPgTool("pg_dump", ["--format=custom", "--no-owner", `--dbname=${config.DATABASE_URL}`, `--file=${path.join(folder, PG_DUMP_FILE)}`]);
  } else {
    database = "pglite";
    // The embedded database belongs to one process: only with the server stopped is the copy whole.
    const owner = readLockOwner(config.DATA_DIR);
    if (owner)
      throw new Error(
        `O servidor (pid ${owner}) está usando o banco embutido em ${config.DATA_DIR}. Pare o servidor e rode o comando de novo.`,
      );
    const release = acquireDataDirLock(config.DATA_DIR);
    try {
      const conn = await openPglite({ dataDir: path.resolve(config.DATA_DIR, "pglite") });
      try {
        const dump = await conn.pglite!.dumpDataDir("gzip");
        fs.writeFileSync(path.join(folder, PGLITE_DUMP_FILE), new Uint8Array(await dump.arrayBuffer()));
      } finally {
        await conn.close();
      }
    } finally {
      release();
    }
  }

  // The files after the database: a file uploaded in between is in the copy without its row
  // (harmless), never a row without its file.
  const storage = getStorage();
  const files = await copyFilesOut(storage, folder);
  const manifest: Manifest = { format: "festa-backup-1", createdAt: new Date().toISOString(), database, storage: storage.kind, files };
  fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify(manifest, null, 2));
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  console.log(
    `Cópia de segurança em ${folder}: banco (${database}) e ${countOf(files.length, FILES)}, ${(bytes / 1_048_576).toFixed(1)} MB.`,
  );
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
await backup(path.resolve(process.argv[2] ?? path.join("backups", `festa-${stamp}`))).catch(failAndExit);
