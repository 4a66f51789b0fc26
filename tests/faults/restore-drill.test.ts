/**
 * The restore drill of docs/operations.md, run as written (the shell blocks are read from the
 * document): production is a database owned by an app role, with a user, a cause and an e-mail
 * still waiting in the outbox; it is dumped, restored into a new database owned by another app
 * role, and the built server starts on the copy. The data is there, and the waiting e-mail is NOT
 * sent (the copy pauses sending) until `npm run outbox -- resume`.
 *
 * PostgreSQL only (pg_dump/pg_restore): skipped without TEST_DATABASE_URL.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { startTestSmtp } from "@tests/smtp";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminQuery, type FaultDb, PG_URL, type ServerProcess, sleep, startServer, waitUntil } from "./support/harness";

if (!PG_URL) console.log("[faults] restore drill skipped: it needs PostgreSQL (set TEST_DATABASE_URL).");

const ROOT = path.resolve(import.meta.dirname, "../..");
const tag = `${process.pid}`;
const PROD_ROLE = `fs_drill_prod_${tag}`;
const COPY_ROLE = `fs_drill_copy_${tag}`;
const PROD_DB = `fs_drill_prod_${tag}`;
const COPY_DB = `fs_drill_copy_${tag}`;
const PASSWORD = "drill-password";

function urlFor(database: string, role?: string) {
  const u = new URL(PG_URL!);
  u.pathname = `/${database}`;
  if (role) {
    u.username = role;
    u.password = PASSWORD;
  }
  return u.toString();
}

/** The ```sh block after `<!-- restore-drill:NAME -->` in docs/operations.md. */
function documentedBlock(name: string): string {
  const doc = fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
  const match = new RegExp(`<!-- restore-drill:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(doc);
  if (!match) throw new Error(`docs/operations.md has no restore-drill:${name} block`);
  return match[1]!;
}

function run(script: string, env: Record<string, string>) {
  return execFileSync("bash", ["-euo", "pipefail", "-c", script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      ...PRODUCTION_DETAILS_ENV,
      PUBLIC_URL: "http://localhost",
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
      APP_SECRET: "drill-secret-drill-secret-drill-secret-0123",
      ...env,
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
}

async function query(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const asDb = (url: string): FaultDb => ({
  kind: "pg",
  env: { DATABASE_URL: url },
  open: () => Promise.reject(new Error("unused")),
  drop: async () => {},
});

let server: ServerProcess | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-drill-"));

afterAll(async () => {
  await server?.stop();
  if (PG_URL) {
    for (const db of [PROD_DB, COPY_DB]) await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    for (const role of [PROD_ROLE, COPY_ROLE]) await adminQuery(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(PG_URL)("restore drill (docs/operations.md)", () => {
  it("dumps, restores into a database owned by the app role, starts with e-mail paused, resumes on command", async () => {
    for (const role of [PROD_ROLE, COPY_ROLE]) {
      await adminQuery(`DROP ROLE IF EXISTS ${role}`);
      await adminQuery(`CREATE ROLE ${role} LOGIN PASSWORD '${PASSWORD}'`);
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${PROD_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PROD_DB} OWNER ${PROD_ROLE}`);
    const prodUrl = urlFor(PROD_DB, PROD_ROLE);

    // "Production": started once by the app (migrations, pg-boss, its identity), then some data.
    server = await startServer(asDb(prodUrl));
    await server.stop();
    server = undefined;
    await query(prodUrl, `insert into causes (name, description, icon) values ('Causa do Backup', 'Apoio', '🧬')`);
    await query(prodUrl, `insert into "user" (id, name, email) values ('drill-user', 'Pessoa do Backup', 'pessoa@exemplo.com.br')`);
    await query(
      prodUrl,
      `insert into email_outbox ("to", subject, html, text, template) values ('convidado@exemplo.com.br', 'Obrigado!', '<p>oi</p>', 'oi', 'donation-receipt')`,
    );

    const dump = path.join(dir, "festa.dump");
    run(documentedBlock("backup"), { DATABASE_URL: prodUrl, DUMP_FILE: dump });
    expect(fs.statSync(dump).size).toBeGreaterThan(1000);

    const copyUrl = urlFor(COPY_DB, COPY_ROLE);
    const restoreOutput = run(documentedBlock("restore"), {
      ADMIN_URL: PG_URL!,
      APP_ROLE: COPY_ROLE,
      RESTORED_DB: COPY_DB,
      RESTORED_URL: copyUrl,
      DUMP_FILE: dump,
    });
    expect(restoreOutput).toMatch(/Na fila: 1 pendente[,;]/);
    expect(restoreOutput).toContain("cópia restaurada");
    const [owner] = await query(PG_URL!, `select pg_get_userbyid(datdba) as owner from pg_database where datname = $1`, [COPY_DB]);
    expect(owner!.owner).toBe(COPY_ROLE);

    // The copy starts (as its own role, with a working mail server) and has the data…
    const smtp = await startTestSmtp();
    try {
      server = await startServer(asDb(copyUrl), { SMTP_URL: smtp.url, LOG_LEVEL: "info" });
      const causes = await (await fetch(`${server.url}/causas`)).text();
      expect(causes).toContain("Causa do Backup");
      expect(await query(copyUrl, `select name from "user" where id = 'drill-user'`)).toEqual([{ name: "Pessoa do Backup" }]);
      expect(server.output()).toContain("ATENÇÃO: este banco é uma cópia restaurada");

      // …and sends nothing: the worker polls every 5 s.
      await sleep(8_000);
      expect(smtp.messages).toHaveLength(0);
      expect(await query(copyUrl, `select status from email_outbox`)).toEqual([{ status: "pending" }]);
      const status = run(`npm run --silent outbox -- status`, { DATABASE_URL: copyUrl });
      expect(status).toContain("Envio de e-mails: PAUSADO");

      // The operator resumes: the waiting message goes out, once.
      run(`npm run --silent outbox -- resume`, { DATABASE_URL: copyUrl });
      await waitUntil("the e-mail after resume", () => smtp.messages.length > 0, 30_000);
      await sleep(2_000);
      expect(smtp.messages.map((m) => m.to)).toEqual([["convidado@exemplo.com.br"]]);
    } finally {
      await server?.stop();
      server = undefined;
      await smtp.stop();
    }
  });
});
