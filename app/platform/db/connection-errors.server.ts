/**
 * Why the server could not reach PostgreSQL at start, as one pt-BR line an operator can act on:
 * the host, port, database and user (never the password) and the cause in words.
 */

type ErrorLike = { code?: string; message?: string; cause?: unknown; errors?: unknown[] };

/** `host:porta/banco (usuário …)` from a postgres:// URL, without the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get("host") || "localhost";
    const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || "(padrão)";
    const user = u.username ? ` (usuário ${decodeURIComponent(u.username)})` : "";
    return `${host}:${u.port || "5432"}/${database}${user}`;
  } catch {
    return "(DATABASE_URL ilegível)";
  }
}

/** The innermost error with a code (Drizzle wraps pg's error in `cause`; Node may aggregate). */
function rootCause(error: unknown): ErrorLike {
  let current = error as ErrorLike | undefined;
  let best: ErrorLike = current ?? {};
  for (let i = 0; current && i < 6; i++) {
    if (current.code) best = current;
    const inner = current.cause ?? current.errors?.[0];
    current = inner as ErrorLike | undefined;
  }
  return best;
}

const CAUSES: Record<string, (database: string) => string> = {
  ECONNREFUSED: () => "conexão recusada: o PostgreSQL não está rodando nesse endereço ou a porta está errada",
  ENOTFOUND: () => "o nome do servidor não foi encontrado (DNS)",
  EAI_AGAIN: () => "o nome do servidor não pôde ser resolvido agora (DNS)",
  ETIMEDOUT: () => "o servidor não respondeu a tempo (firewall ou endereço errado?)",
  EHOSTUNREACH: () => "o servidor está inalcançável pela rede",
  ECONNRESET: () => "a conexão foi encerrada pelo servidor (TLS exigido? confira ?sslmode=require)",
  "28P01": () => "autenticação falhou: usuário ou senha recusados",
  "28000": () => "acesso negado para este usuário (pg_hba.conf, ou o usuário não existe)",
  "3D000": (database) => `o banco de dados "${database}" não existe (crie-o com createdb, dono o usuário do app)`,
  "42501": () => "permissão negada para este usuário",
  "53300": () => "o PostgreSQL não aceita mais conexões (limite de conexões atingido)",
  "57P03": () => "o PostgreSQL está iniciando ou em recuperação; tente de novo em instantes",
};

export function explainDatabaseFailure(url: string, error: unknown): string {
  const cause = rootCause(error);
  let database = "?";
  try {
    database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  } catch {
    // described as unreadable below
  }
  const message = cause.message ?? "";
  const explain =
    (cause.code && CAUSES[cause.code]?.(database)) ??
    (/timeout/i.test(message) ? CAUSES.ETIMEDOUT!(database) : undefined) ??
    (/ssl|tls|certificate/i.test(message) ? "falha na negociação TLS/SSL (confira sslmode e o certificado)" : undefined) ??
    "erro inesperado ao conectar";
  const code = cause.code ? ` (${cause.code})` : "";
  return `Banco de dados inacessível em ${describeDatabaseUrl(url)}: ${explain}${code}.`;
}
