import { testConnection, useTestDatabase } from "@tests/database";
useTestDatabase();

import { createTestUser } from "@tests/auth";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "~/domain/accounts/admin-cli.server";
import { listRecentAudit } from "~/platform/audit.server";
import { isAdmin } from "~/domain/accounts/users.server";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { log: (l: string) => void out.push(l), error: (l: string) => void err.push(l) }, out, err };
}

/** Runs `npm run admin -- …` as its own process, the way an operator would. */
function runCli(args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "development" };
  delete childEnv.DATABASE_URL;
  delete childEnv.APP_SECRET;
  Object.assign(childEnv, env);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", ...args],
      { env: childEnv, cwd: process.cwd(), timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("admin CLI (in process)", () => {
  it("grants, lists and revokes the admin role by e-mail", async () => {
    const { user } = await createTestUser({ email: "ana@exemplo.com.br" });
    let c = capture();
    expect(await runAdminCommand(["grant", "ANA@exemplo.com.br"], c.io)).toBe(0);
    expect(c.out[0]).toBe("ana@exemplo.com.br agora é administrador(a).");
    expect(await isAdmin(user.id)).toBe(true);

    c = capture();
    expect(await runAdminCommand(["grant", "ana@exemplo.com.br"], c.io)).toBe(0);
    expect(c.out[0]).toContain("já era");

    c = capture();
    await runAdminCommand(["list"], c.io);
    expect(c.out[0]).toBe("ana@exemplo.com.br");

    c = capture();
    expect(await runAdminCommand(["revoke", "ana@exemplo.com.br"], c.io)).toBe(0);
    expect(c.out[0]).toContain("não é mais");
    expect(await isAdmin(user.id)).toBe(false);

    // Both changes are in the audit log, made from the command line; the repeated grant is not.
    const log = (await listRecentAudit()).map((e) => ({ action: e.action, entityId: e.entityId, actor: e.actorEmail, details: e.details }));
    expect(log).toEqual([
      { action: "role.revoke_admin", entityId: user.id, actor: null, details: { email: "ana@exemplo.com.br", via: "cli" } },
      { action: "role.grant_admin", entityId: user.id, actor: null, details: { email: "ana@exemplo.com.br", via: "cli" } },
    ]);
  });

  it("refuses unknown accounts and wrong usage", async () => {
    let c = capture();
    expect(await runAdminCommand(["grant", "ninguem@exemplo.com.br"], c.io)).toBe(1);
    expect(c.err[0]).toContain("Nenhuma conta com o e-mail ninguem@exemplo.com.br");
    c = capture();
    expect(await runAdminCommand(["promote", "x@y.z"], c.io)).toBe(2);
    expect(c.err[0]).toContain("Uso:");
  });
});

describe("admin CLI (as a process)", () => {
  it("says what to do when the server holds the embedded database, and touches nothing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-admin-cli-"));
    fs.writeFileSync(path.join(dataDir, "server.pid"), String(process.pid)); // a live "server"
    const result = await runCli(["grant", "ana@exemplo.com.br"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`está usando o banco embutido em ${dataDir}`);
    expect(result.stderr).toContain("Pare o servidor");
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "works on PostgreSQL while the server is connected",
    async () => {
      const { user } = await createTestUser({ email: "bia@exemplo.com.br" });
      const url = (testConnection().pool!.options as { connectionString: string }).connectionString;
      const granted = await runCli(["grant", "bia@exemplo.com.br"], { DATABASE_URL: url });
      expect(granted).toMatchObject({ code: 0 });
      expect(granted.stdout).toContain("bia@exemplo.com.br agora é administrador(a).");
      expect(await isAdmin(user.id)).toBe(true);
      const revoked = await runCli(["revoke", "bia@exemplo.com.br"], { DATABASE_URL: url });
      expect(revoked.code).toBe(0);
      expect(await isAdmin(user.id)).toBe(false);
    },
    120_000,
  );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    "works on the embedded database when the server is stopped",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-admin-cli-"));
      const env = { DATA_DIR: dataDir };
      const seed = await new Promise<number>((resolve) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/seed.ts"],
          { env: { ...process.env, ...env, LOG_LEVEL: "silent", NODE_ENV: "development", DATABASE_URL: "" }, timeout: 90_000 },
          (e) => resolve(e ? 1 : 0),
        ),
      );
      expect(seed).toBe(0);
      const granted = await runCli(["grant", "mariana@exemplo.com.br"], env);
      expect(granted.stdout).toContain("mariana@exemplo.com.br agora é administrador(a).");
      const listed = await runCli(["list"], env);
      expect(listed.stdout.split("\n")).toEqual(expect.arrayContaining(["admin@festasolidaria.org.br", "mariana@exemplo.com.br"]));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    180_000,
  );
});
