/** What an operator reads when PostgreSQL cannot be reached at start: host and cause, never the password. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPostgres } from "~/platform/db.server";
import { describeDatabaseUrl, explainDatabaseFailure } from "./connection-errors.server";

const PG = process.env.TEST_DATABASE_URL;
const PASSWORD = "s3nha-Muito-Secreta";

async function failureOf(url: string) {
  const conn = await openPostgres(url, { max: 1 });
  try {
    await conn.db.execute(sql`select 1`);
    throw new Error("connected");
  } catch (error) {
    return explainDatabaseFailure(url, error);
  } finally {
    await conn.close();
  }
}

function withUrl(base: string, change: (u: URL) => void) {
  const u = new URL(base);
  change(u);
  return u.toString();
}

describe("explainDatabaseFailure", () => {
  it("a refused connection names host, port, database and user, and not the password", async () => {
    const message = await failureOf(`postgres://festa:${PASSWORD}@127.0.0.1:1/festa`);
    expect(message).toBe(
      "Banco de dados inacessível em 127.0.0.1:1/festa (usuário festa): conexão recusada: o PostgreSQL não está rodando nesse endereço ou a porta está errada (ECONNREFUSED).",
    );
    expect(message).not.toContain(PASSWORD);
  });

  it("an unknown host", () => {
    const error = Object.assign(new Error("getaddrinfo ENOTFOUND db.nada"), { code: "ENOTFOUND" });
    expect(explainDatabaseFailure(`postgres://u:${PASSWORD}@db.nada/x`, { message: "Failed query: select 1", cause: error })).toBe(
      "Banco de dados inacessível em db.nada:5432/x (usuário u): o nome do servidor não foi encontrado (DNS) (ENOTFOUND).",
    );
  });

  it("never prints an unreadable URL", () => {
    expect(describeDatabaseUrl(`nada ${PASSWORD}`)).toBe("(DATABASE_URL ilegível)");
  });

  it.runIf(PG)("PostgreSQL: a database that does not exist, and a refused password", async () => {
    const missing = await failureOf(withUrl(PG!, (u) => (u.pathname = "/festa_nao_existe")));
    expect(missing).toContain(`o banco de dados "festa_nao_existe" não existe`);
    expect(missing).toContain("(3D000)");

    const wrongUser = await failureOf(withUrl(PG!, (u) => ((u.username = "ninguem_aqui"), (u.password = PASSWORD))));
    expect(wrongUser).toMatch(/autenticação falhou|acesso negado/);
    expect(wrongUser).toContain("usuário ninguem_aqui");
    expect(wrongUser).not.toContain(PASSWORD);
  });
});
