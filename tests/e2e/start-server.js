// Starts the built server for the browser suite on a fresh database: a new DATA_DIR for the
// embedded default, or a new PostgreSQL database when TEST_DATABASE_URL is set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PRODUCTION_DETAILS_ENV } from "../support/production-env.mjs";

const port = process.env.PORT;
process.env.PUBLIC_URL = `http://localhost:${port}`;
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "fs-e2e-"));
process.env.LOG_LEVEL ??= "warn";
process.env.SEED_DEMO = "on";
// A configured site (the floating button and the contact links); a test may start one without it.
process.env.WHATSAPP_NUMBER ??= "5531988887777";
// A run with NODE_ENV=production needs the real-looking details production requires (not the
// placeholders the journeys otherwise see).
if (process.env.NODE_ENV === "production") for (const [k, v] of Object.entries(PRODUCTION_DETAILS_ENV)) process.env[k] ??= v;
// One server process (the cluster has its own fault test, tests/faults/cluster.test.ts).
process.env.WEB_CONCURRENCY ??= "1";
delete process.env.SMTP_URL;
delete process.env.STRIPE_SECRET_KEY;

if (process.env.TEST_DATABASE_URL) {
  const name = `fs_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const drop = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect().catch(() => {});
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end().catch(() => {});
  };
  process.on("exit", () => {});
  for (const sig of ["SIGTERM", "SIGINT"]) process.prependListener(sig, () => void drop());
}

await import("../../server/index.js");
