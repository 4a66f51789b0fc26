/** `npm run reconcile [-- --dias N | --desde AAAA-MM-DD [--ate AAAA-MM-DD]]` (scripts/reconcile.ts). Output in pt-BR and English. */
import type { PaymentProvider } from "~/domain/payments";
import { RECONCILE_DEFAULT_DAYS, type ReconcileResult, reconcileRange, runReconcile } from "./reconcile.server";
import { countOf } from "~/platform/plural";

const RECONCILE_CLI_USAGE = [
  "Uso / usage: npm run reconcile [-- opções]",
  `  --dias N                 compara com o provedor os últimos N dias (padrão ${RECONCILE_DEFAULT_DAYS}) / the last N days`,
  "  --desde AAAA-MM-DD       a partir desta data (UTC) / from this date",
  "  --ate AAAA-MM-DD         até esta data, exclusive (padrão: agora) / until this date, exclusive (default: now)",
  "Sai com 0 sem divergências, 1 com alguma, 2 com uso errado, 3 quando o servidor está com o banco embutido (rode pelo painel).",
  "Exits 0 when all matches, 1 on a discrepancy, 2 on wrong usage, 3 when the server holds the embedded database (run it from the admin).",
].join("\n");

type Io = { log: (line: string) => void; error: (line: string) => void };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseArgs(args: string[], now: Date): { from: Date; to: Date } | null {
  let days: number | null = null;
  let from: Date | null = null;
  let to: Date | null = null;
  for (let i = 0; i < args.length; i++) {
    const [flag, value] = [args[i], args[i + 1]];
    if (flag === "--dias" && value && /^\d{1,4}$/.test(value) && Number(value) > 0) days = Number(value);
    else if (flag === "--desde" && value && DATE.test(value)) from = new Date(`${value}T00:00:00Z`);
    else if (flag === "--ate" && value && DATE.test(value)) to = new Date(`${value}T00:00:00Z`);
    else return null;
    i++;
  }
  if (days !== null && from) return null;
  const end = to ?? now;
  const range = from ? { from, to: end } : reconcileRange(end, days ?? RECONCILE_DEFAULT_DAYS);
  if (Number.isNaN(range.from.getTime()) || Number.isNaN(range.to.getTime()) || range.from >= range.to) return null;
  return range;
}

function printReconcileResult(result: ReconcileResult, io: Io) {
  const c = result.checked;
  io.log(`Conciliação / reconciliation — provedor de ${result.range.from} a ${result.range.to}`);
  io.log(
    `Verificados / checked: ${c.parties} festas/parties, ${c.gifts} doações pagas/paid gifts, ${c.charges} mensalidades/charges, ` +
      `${c.payouts} repasses/payouts, ${c.rows} lançamentos/ledger rows, ${c.institutions} instituições/institutions, ` +
      `${c.providerRecords} registros do provedor/provider records`,
  );
  for (const notice of result.notices) {
    io.log(`! ${notice.pt}`);
    io.log(`  ${notice.en}`);
  }
  if (result.ok) {
    io.log("OK: nenhuma divergência. / No discrepancies.");
    return;
  }
  io.error(
    `${countOf(result.discrepancies.length, { one: "divergência", other: "divergências" })} / ${countOf(result.discrepancies.length, { one: "discrepancy", other: "discrepancies" })}:`,
  );
  for (const d of result.discrepancies) {
    io.error(`✗ [${d.check}] ${d.pt}`);
    io.error(`  ${d.en}`);
  }
}

export async function runReconcileCommand(args: string[], io: Io, options: { providers: PaymentProvider[]; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const range = parseArgs(args, now);
  if (!range) {
    io.error(RECONCILE_CLI_USAGE);
    return 2;
  }
  const result = await runReconcile({ providers: options.providers, range, now });
  printReconcileResult(result, io);
  return result.ok ? 0 : 1;
}

/** The exit code when the running server holds the embedded database: the run happens in the admin instead. */
export const RECONCILE_IN_SERVER_EXIT = 3;

/**
 * What `npm run reconcile` says when the server holds the embedded database's folder (one process
 * per folder): where to run it inside the server instead (decision 169).
 */
export function reconcileInServerAdvice(publicUrl: string, serverPid: number | string): string[] {
  const url = `${publicUrl.replace(/\/$/, "")}/admin/conciliacao`;
  return [
    `O servidor (pid ${serverPid}) está usando o banco embutido; a conciliação roda dentro dele:`,
    `  abra ${url} (Admin → Conciliação) e clique em "Rodar agora".`,
    "  Ela também roda sozinha todo dia às 04:40 (horário de Brasília). Para rodar por aqui, pare o servidor antes.",
    `The server (pid ${serverPid}) holds the embedded database; reconciliation runs inside it:`,
    `  open ${url} (Admin → Conciliação) and press "Rodar agora". It also runs daily at 04:40 São Paulo time.`,
  ];
}
