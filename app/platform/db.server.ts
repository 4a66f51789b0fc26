/**
 * One Drizzle database for the whole server: PGlite in DATA_DIR when DATABASE_URL is unset,
 * node-postgres otherwise. Both speak the same schema and migrations.
 * PGlite is a single connection: transactions must go through db.transaction() (Drizzle maps it
 * to PGlite's transaction API); never send a bare BEGIN.
 */
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import * as schema from "~/platform/db/schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: models accept both. */
export type Executor = Database | Transaction;

type Listener = (payload: string) => void;

export interface Connection {
  kind: "pglite" | "pg";
  db: Database;
  pglite?: PGlite;
  pool?: Pool;
  /** Subscribes to a Postgres NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>;
  /**
   * Whether the database answers `select 1` within `timeoutMs`. On PostgreSQL through a connection
   * of its own, outside the pool: a pool busy with slow requests (a CPU-starved process) is not a
   * database that is down (issue 32's overload runs: the probe waited for a pooled connection, and
   * every request of the instance got 503 while PostgreSQL sat idle).
   */
  reachable(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Connection> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzle(pglite, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite,
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    reachable: (timeoutMs) => isDatabaseReachable(db, timeoutMs),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Connection> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.default.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast while the database is down, so pages answer 503 instead of hanging.
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  // Nor a checked-out one (inside a transaction, between two statements) when the server goes
  // away: without a listener its 'error' event is thrown. Its query fails instead, and the pool
  // drops the broken client on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema }) as unknown as Database;
  const listeners = new Map<string, Set<Listener>>();
  let listenClient: import("pg").PoolClient | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  /** The health probe's own connection (kept open; a new one after any failure). */
  let probeClient: import("pg").Client | undefined;

  let probing: Promise<boolean> | undefined;
  function probe(timeoutMs: number): Promise<boolean> {
    // One at a time: a slow probe's connection is the one the next probe uses.
    probing ??= probeOnce(timeoutMs).finally(() => (probing = undefined));
    return probing;
  }
  async function probeOnce(timeoutMs: number): Promise<boolean> {
    let client = probeClient;
    try {
      if (!client) {
        client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
        client.on("error", () => {});
        await client.connect();
        if (closed) throw new Error("closed");
        probeClient = client;
      }
      await client.query("select 1");
      return true;
    } catch {
      if (probeClient === client) probeClient = undefined;
      void client?.end().catch(() => {});
      return false;
    }
  }

  async function ensureListenClient() {
    if (listenClient) return;
    connecting ??= (async () => {
      const client = await pool.connect();
      client.on("notification", (msg) => {
        for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
      });
      client.on("error", () => {
        // An error can come twice, or after close() gave the client back: release it only once.
        if (listenClient !== client) return;
        // Reconnect shortly; the channel registrations stay.
        listenClient = undefined;
        client.release(true);
        if (!closed) setTimeout(() => void resubscribe(), 1_000);
      });
      listenClient = client;
    })().finally(() => (connecting = undefined));
    await connecting;
  }
  async function resubscribe() {
    if (closed) return;
    try {
      await ensureListenClient();
      for (const channel of listeners.keys()) await listenClient!.query(`LISTEN ${quoteIdent(channel)}`);
    } catch {
      if (!closed) setTimeout(() => void resubscribe(), 1_000);
    }
  }

  return {
    kind: "pg",
    db,
    pool,
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await ensureListenClient();
        await listenClient!.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    reachable: (timeoutMs = 2_000) => probe(timeoutMs),
    async close() {
      closed = true;
      const client = listenClient;
      listenClient = undefined;
      client?.release();
      await probeClient?.end().catch(() => {});
      probeClient = undefined;
      await pool.end();
    },
  };
}

function quoteIdent(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid channel ${name}`);
  return `"${name}"`;
}

/** The advisory lock under which everything that creates or changes schema runs. */
const SCHEMA_LOCK_KEY = 72817261;

/**
 * Runs `work` while this process holds the schema lock (PostgreSQL; PGlite has one process).
 * Instances starting together on an empty database then create the schema one at a time: our
 * migrations, pg-boss's schema and its queues. A second instance waits here until the first has
 * finished. `work` gets the locked session (migrations run on it, so a one-connection pool works).
 */
export async function withSchemaLock<T>(
  conn: Connection,
  work: (lockedClient?: import("pg").PoolClient) => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  if (conn.kind === "pglite") return work();
  const client = await conn.pool!.connect();
  try {
    const tried = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [SCHEMA_LOCK_KEY]);
    if (!tried.rows[0]?.locked) {
      onWait?.();
      await client.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK_KEY]);
    }
    return await work(client);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [SCHEMA_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** Applies pending migrations on `client` (PostgreSQL), which holds the schema lock. */
export async function applyMigrations(conn: Connection, client?: import("pg").PoolClient) {
  if (conn.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(conn.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await migrate(drizzle(client ?? conn.pool!, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Several instances may start together: one migrates at a time. */
export async function migrateDatabase(conn: Connection) {
  await withSchemaLock(conn, (client) => applyMigrations(conn, client));
}

async function isDatabaseReachable(database: Database, timeoutMs = 2_000): Promise<boolean> {
  try {
    await Promise.race([
      database.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs)),
    ]);
    return true;
  } catch {
    return false;
  }
}

// ---- the process-wide connection (tests swap it per case) ----
let current: Connection | undefined;

export function setConnection(conn: Connection | undefined) {
  current = conn;
}

export function getConnection(): Connection {
  if (!current) throw new Error("database not connected: call setConnection() first");
  return current;
}

/**
 * One statement outside any transaction (it is its own), by name: on PostgreSQL each pooled
 * connection parses and plans `text` once and then only binds values (a named prepared statement);
 * PGlite runs it as is. For hot paths whose SQL text is a constant.
 */
export async function queryPrepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
  const conn = getConnection();
  if (conn.pool) return (await conn.pool.query({ name, text, values })).rows as Row[];
  return (await conn.pglite!.query<Row>(text, values)).rows;
}

/**
 * A drizzle query built once per connection and prepared under `name` (build calls `.prepare(name)`):
 * its SQL text is not rebuilt per call, and on PostgreSQL each pooled connection parses and plans
 * it once. For hot reads outside transactions; values go in as `sql.placeholder`s.
 */
export function preparedPerConnection<T>(build: (db: Database) => T): () => T {
  const built = new WeakMap<Database, T>();
  return () => {
    const { db } = getConnection();
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** The database, resolved at call time so tests can give each case a fresh one. */
export const db: Database = new Proxy({} as Database, {
  get(_target, prop) {
    const target = getConnection().db as unknown as Record<string | symbol, unknown>;
    const value = target[prop];
    return typeof value === "function" ? (value as Function).bind(target) : value;
  },
});

export { schema };
