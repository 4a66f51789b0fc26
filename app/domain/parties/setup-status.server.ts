/**
 * An empty production database cannot take a party: nobody is admin, there is no cause and no
 * institution that may receive gifts (active, verified, of an active cause: what /criar-festa
 * offers). This says what is missing, for the start-up log and for /criar-festa.
 */
import { sql } from "drizzle-orm";
import { db } from "~/platform/db.server";

export type SetupStatus = { hasAdmin: boolean; hasInstitution: boolean; hasCause: boolean; complete: boolean };

export async function getSetupStatus(): Promise<SetupStatus> {
  const result = (await db.execute(sql`
    select exists (select 1 from user_roles where role = 'admin') as admin,
           exists (select 1 from organizations o join causes c on c.id = o.cause_id
                   where o.active and o.verified_at is not null and c.active) as institution,
           exists (select 1 from causes where active) as cause`)) as unknown as {
    rows: Array<{ admin: boolean; institution: boolean; cause: boolean }>;
  };
  const row = result.rows[0]!;
  const status = { hasAdmin: Boolean(row.admin), hasInstitution: Boolean(row.institution), hasCause: Boolean(row.cause) };
  return { ...status, complete: status.hasAdmin && status.hasInstitution && status.hasCause };
}

/** The steps still to do, in pt-BR, in the order to do them. */
export function setupSteps(status: SetupStatus): string[] {
  const steps: string[] = [];
  if (!status.hasAdmin) steps.push("crie a primeira conta em /auth e torne-a administradora: npm run admin -- grant EMAIL");
  if (!status.hasCause) steps.push("em /admin/causas, cadastre pelo menos uma causa");
  if (!status.hasInstitution)
    steps.push("em /admin/ongs, cadastre a instituição que recebe as doações, ligada a uma causa ativa, e verifique o CNPJ dela");
  return steps;
}

/** The start-up log line while setup is incomplete (null once it is done). */
export function setupMessage(status: SetupStatus): string | null {
  if (status.complete) return null;
  const steps = setupSteps(status);
  return `Configuração inicial pendente: nenhuma festa pode ser criada ainda. Passos: ${steps.map((s, i) => `(${i + 1}) ${s}`).join("; ")}.`;
}
