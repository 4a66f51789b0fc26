/**
 * `npm run admin -- grant|revoke|list`: the admin role from the command line (decisions.md:
 * the first admin is granted this way). Runs against whatever database the script opened.
 */
import { db } from "~/platform/db.server";
import { recordAudit } from "~/platform/audit.server";
import { findUserByEmail, grantAdmin, listAdminEmails, revokeAdmin } from "./users.server";

export const ADMIN_CLI_USAGE = `Uso:
  npm run admin -- grant EMAIL    dá o papel de administrador à conta
  npm run admin -- revoke EMAIL   remove o papel de administrador
  npm run admin -- list           lista as contas administradoras

Com o banco embutido (sem DATABASE_URL), pare o servidor antes: o PGlite aceita um processo por pasta.
Com DATABASE_URL (PostgreSQL), o comando funciona com o servidor rodando.`;

type Io = { log: (line: string) => void; error: (line: string) => void };

/** Returns the process exit code: 0 done, 1 refused (e.g. no such account), 2 wrong usage. */
export async function runAdminCommand(args: string[], io: Io): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  if (command === "list" && rawEmail === undefined) {
    const emails = await listAdminEmails();
    io.log(emails.length ? emails.join("\n") : "Nenhuma conta administradora.");
    return 0;
  }
  if ((command !== "grant" && command !== "revoke") || !rawEmail || rest.length > 0) {
    io.error(ADMIN_CLI_USAGE);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(email, tx);
    if (!user) {
      io.error(`Nenhuma conta com o e-mail ${email}. A pessoa precisa se cadastrar em /auth antes.`);
      return 1;
    }
    const changed = command === "grant" ? await grantAdmin(user.id, tx) : await revokeAdmin(user.id, tx);
    if (changed) {
      // In the Equipe tab's log like a change made in the panel, with "linha de comando" as who.
      const action = command === "grant" ? "role.grant_admin" : "role.revoke_admin";
      await recordAudit(tx, { actorUserId: null, action, entity: "user", entityId: user.id, details: { email: user.email, via: "cli" } });
    }
    if (command === "grant") io.log(changed ? `${user.email} agora é administrador(a).` : `${user.email} já era administrador(a).`);
    else io.log(changed ? `${user.email} não é mais administrador(a).` : `${user.email} não era administrador(a).`);
    return 0;
  });
}
