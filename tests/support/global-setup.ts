import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite, openPostgres } from "~/platform/db.server";

/**
 * Migrates one template database per run; every test then gets a fresh copy of it
 * (PGlite: a data-dir dump loaded in memory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const templateName = `fs_tpl_${process.pid}`;
    const admin = await openPostgres(pgUrl, { max: 1 });
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.pool!.query(`CREATE DATABASE ${templateName}`);
    const tpl = await openPostgres(withDatabase(pgUrl, templateName), { max: 1 });
    await migrateDatabase(tpl);
    await tpl.close();
    project.provide("pgTemplate", templateName);
    return async () => {
      const leftovers = await admin.pool!.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'fs_t_${process.pid}_%' OR datname = $1`,
        [templateName],
      );
      for (const { datname } of leftovers.rows) await admin.pool!.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.close();
    };
  }
  const conn = await openPglite();
  await migrateDatabase(conn);
  const dump = await conn.pglite!.dumpDataDir("none");
  await conn.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fs-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
