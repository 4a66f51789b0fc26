import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { type Connection, openPglite, openPostgres, setConnection } from "~/db.server";
import { withDatabase } from "./global-setup";

// The test environment: no real secrets, no network, a throwaway data folder.
process.env.NODE_ENV = "test";
process.env.APP_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.PUBLIC_URL = "http://localhost:3000";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "fs-data-"));
process.env.LOG_LEVEL = "silent";
delete process.env.DATABASE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.SMTP_URL;
resetConfigForTests();

let templateBlob: Blob | undefined;
let current: { conn: Connection; dropName?: string } | undefined;
let counter = 0;

/**
 * Call at the top of a test file that touches the database: every test in it then gets a fresh,
 * migrated, empty database.
 */
export function useTestDatabase() {
  beforeEach(openFreshDatabase);
  afterEach(closeDatabase);
}

/**
 * One fresh database for the whole file instead (beforeAll/afterAll): for long suites whose cases
 * share one fixture and only compare before/after states (the security suite).
 */
export function useSharedTestDatabase() {
  beforeAll(openFreshDatabase);
  afterAll(closeDatabase);
}

async function openFreshDatabase() {
  const pgTemplate = inject("pgTemplate");
  if (pgTemplate) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `fs_t_${process.pid}_${++counter}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.close();
    current = { conn: await openPostgres(withDatabase(url, name), { max: 4 }), dropName: name };
  } else {
    templateBlob ??= new Blob([fs.readFileSync(inject("pgliteTemplate")!)]);
    current = { conn: await openPglite({ loadDataDir: templateBlob }) };
  }
  setConnection(current.conn);
}

async function closeDatabase() {
  if (!current) return;
  await current.conn.close();
  if (current.dropName) {
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${current.dropName} WITH (FORCE)`);
    await admin.close();
  }
  setConnection(undefined);
  current = undefined;
}

/** The connection of the running test (for LISTEN/NOTIFY or raw SQL). */
export function testConnection(): Connection {
  if (!current) throw new Error("no test database");
  return current.conn;
}
