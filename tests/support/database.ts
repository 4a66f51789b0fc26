import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { type Connection, openPglite, openPostgres, setConnection } from "~/platform/db.server";
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
    current = { conn: await freshPglite() };
  }
  setConnection(current.conn);
}

/**
 * Loading the PGlite template costs ~0.6 s, so each worker keeps one instance and empties it
 * between tests (TRUNCATE … RESTART IDENTITY: the same schema, no rows, sequences reset). An
 * instance a test closed, used for LISTEN (its listeners would outlive the test) or for the job
 * queue, is replaced
 * by a fresh copy of the template.
 */
let spare: { conn: Connection; listened: boolean } | undefined;
let tableList: string | undefined;

async function freshPglite(): Promise<Connection> {
  if (spare && !spare.listened && !spare.conn.pglite!.closed && !(await usedJobQueue(spare.conn))) {
    const pglite = spare.conn.pglite!;
    tableList ??= (
      await pglite.query<{ name: string }>(
        "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
      )
    ).rows
      .map((r) => r.name)
      .join(", ");
    await pglite.exec(`TRUNCATE TABLE ${tableList} RESTART IDENTITY CASCADE`);
    return spare.conn;
  }
  if (spare && !spare.conn.pglite!.closed) await spare.conn.close();
  templateBlob ??= new Blob([fs.readFileSync(inject("pgliteTemplate")!)]);
  const conn = await openPglite({ loadDataDir: templateBlob });
  const entry = { conn, listened: false };
  const listen = conn.listen.bind(conn);
  conn.listen = (channel, onPayload) => {
    entry.listened = true;
    return listen(channel, onPayload);
  };
  spare = entry;
  return conn;
}

/** A test that started pg-boss leaves its schema (and maybe timers) behind: start over. */
async function usedJobQueue(conn: Connection) {
  const { rows } = await conn.pglite!.query("SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'");
  return rows.length > 0;
}

async function closeDatabase() {
  if (!current) return;
  // The worker's PGlite instance is kept for the next test (emptied then); PostgreSQL ones go.
  if (current.conn.kind !== "pglite") await current.conn.close();
  if (current.dropName) {
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${current.dropName} WITH (FORCE)`);
    await admin.close();
  }
  setConnection(undefined);
  current = undefined;
}

/**
 * Runs `work` on another fresh, migrated, empty database (PGlite: a new instance of the template;
 * PostgreSQL: a new copy of it), then closes it and gives the test its own back: for a test that
 * compares what two code paths write, each from an empty database (paid-event-paths.property.test.ts).
 */
export async function withOtherDatabase<T>(work: () => Promise<T>): Promise<T> {
  const pgTemplate = inject("pgTemplate");
  let conn: Connection;
  let dropName: string | undefined;
  if (pgTemplate) {
    const url = process.env.TEST_DATABASE_URL!;
    dropName = `fs_t_${process.pid}_${++counter}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.pool!.query(`CREATE DATABASE ${dropName} TEMPLATE ${pgTemplate}`);
    await admin.close();
    conn = await openPostgres(withDatabase(url, dropName), { max: 4 });
  } else {
    templateBlob ??= new Blob([fs.readFileSync(inject("pgliteTemplate")!)]);
    conn = await openPglite({ loadDataDir: templateBlob });
  }
  setConnection(conn);
  try {
    return await work();
  } finally {
    await conn.close();
    setConnection(current?.conn);
    if (dropName) {
      const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
      await admin.close();
    }
  }
}

/** The connection of the running test (for LISTEN/NOTIFY or raw SQL). */
export function testConnection(): Connection {
  if (!current) throw new Error("no test database");
  return current.conn;
}

/** Outbox rows with their bodies readable (token e-mails wait sealed: platform/mail/outbox-seal.server.ts). */
export async function readableRows<T extends { html: string; text: string }>(query: PromiseLike<T[]>): Promise<T[]> {
  const { readableEmail } = await import("~/platform/mail/outbox.server");
  return (await query).map((row) => readableEmail(row));
}
