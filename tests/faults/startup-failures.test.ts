/**
 * What an operator reads when the built server cannot start (one pt-BR line, no stack, no secret
 * echoed), and the setup message an empty production database starts with.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PRODUCTION_DETAILS_ENV } from "../support/production-env.mjs";
import { APP_SECRET, createFaultDb, type FaultDb, type ServerProcess, startServer } from "./support/harness";

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

/** Runs the server with `env` and returns its exit code and everything it printed. */
function failingStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ["server/index.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        ...PRODUCTION_DETAILS_ENV,
        PORT: "3999",
        PUBLIC_URL: "http://127.0.0.1:3999",
        PAYMENTS_SANDBOX: "on",
        PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
        SEED_DEMO: "off",
        BUILD_DIR,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout!.on("data", (d) => (output += d));
    proc.stderr!.on("data", (d) => (output += d));
    const timer = setTimeout(() => proc.kill("SIGKILL"), 60_000);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let server: ServerProcess | undefined;
let db: FaultDb | undefined;
afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

describe("start-up failures", () => {
  it("an invalid APP_SECRET: the variable named, the value never printed, no stack", async () => {
    const secret = "segredo-curto-demais";
    const { code, output } = await failingStart({ APP_SECRET: secret, DATA_DIR: "/tmp/fs-never-created" });
    expect(code).toBe(1);
    expect(output).toContain("Configuração inválida: APP_SECRET — deve ter pelo menos 32 caracteres");
    expect(output).not.toContain(secret);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("production without the contact, legal or operator details: each variable named, exit 1 (issue 33 item 3)", async () => {
    const { code, output } = await failingStart({
      APP_SECRET,
      DATA_DIR: "/tmp/fs-never-created",
      CONTACT_EMAIL: "",
      LEGAL_PHONE: "(31) 99999-9999",
      OPERATOR_CNPJ: "",
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "Configuração inválida: CONTACT_EMAIL, LEGAL_PHONE, OPERATOR_CNPJ — obrigatórios em produção, com os dados reais (não os de demonstração)",
    );
    expect(output).toContain(
      "(Invalid configuration: CONTACT_EMAIL, LEGAL_PHONE, OPERATOR_CNPJ must be set to the real details in production.)",
    );
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("an unreachable database: host and cause in pt-BR, the password never printed", async () => {
    const { code, output } = await failingStart({ APP_SECRET, DATABASE_URL: "postgres://festa:senha-do-banco@127.0.0.1:1/festa" });
    expect(code).toBe(1);
    expect(output).toContain("Banco de dados inacessível em 127.0.0.1:1/festa (usuário festa): conexão recusada");
    expect(output).toContain("(ECONNREFUSED)");
    expect(output).not.toContain("senha-do-banco");
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("an empty production database starts and says what to set up first", async () => {
    db = await createFaultDb("pglite");
    server = await startServer(db);
    expect(server.output()).toContain("Configuração inicial pendente: nenhuma festa pode ser criada ainda");
    expect(server.output()).toContain("npm run admin -- grant EMAIL");
  });

  it("sandbox payments in production: a warning at every start (security review finding 3)", async () => {
    db = await createFaultDb("pglite");
    for (let start = 1; start <= 2; start++) {
      server = await startServer(db);
      expect(server.output(), `start ${start}`).toContain("ATENÇÃO: pagamentos de DEMONSTRAÇÃO em produção (PAYMENTS_SANDBOX=on)");
      await server.stop();
      server = undefined;
    }
  });
});
