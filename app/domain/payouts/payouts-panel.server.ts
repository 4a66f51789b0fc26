/**
 * The admin's "Repasses" tab: parties' payouts (pending or transferred, a page at a time) and, in
 * its "Instituições" view, what each institution is owed (decision 152).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { partiesAmountsDue } from "~/domain/ledger/index.server";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { institutionDue } from "./institution-settlement";
import { findInstitutionsByIds, listInstitutionTransfers, listOpenInstitutionItems } from "./institution-payouts.server";
import { partyPayoutDates } from "./business-days";
import { partyPayoutStage } from "./payout-texts";
import { proofPath } from "./payout-proof.server";
import { countPayoutRows, lastPixPaidOnByParty, listPayoutRows, type PayoutSituation } from "./payouts-admin.server";

const PAYOUTS_PAGE_SIZE = 20;
const TRANSFERS_SHOWN = 5;

const querySchema = z.object({
  situacao: z.enum(["pendentes", "transferidos", "instituicoes"]).catch("pendentes"),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});

type PanelDeps = { config: Pick<Config, "PLATFORM_FEE_PERCENT" | "PIX_MED_HOLD_DAYS">; clock: Clock };

/** The tab's data for its URL (`situacao`, `pagina`). */
export async function loadPayoutsPanel(url: URL, { config, clock }: PanelDeps) {
  const today = todayInSaoPaulo(clock.now());
  const query = querySchema.parse({ situacao: url.searchParams.get("situacao") ?? undefined, pagina: url.searchParams.get("pagina") ?? 1 });
  const feePercent = config.PLATFORM_FEE_PERCENT;
  // Institutions (decision 152): their direct gifts and charges.
  const institutions = query.situacao === "instituicoes" ? await loadInstitutionPayouts(today, config.PIX_MED_HOLD_DAYS) : null;
  const situation: PayoutSituation = query.situacao === "instituicoes" ? "pendentes" : query.situacao;
  const total = institutions ? 0 : await countPayoutRows(situation, today);
  const rows = institutions ? [] : await listPayoutRows(situation, query.pagina, PAYOUTS_PAGE_SIZE, today);
  const pendingCount = situation === "pendentes" && !institutions ? total : await countPayoutRows("pendentes", today);
  // What is due comes from the stored ledger rows (fees fixed when each gift was paid).
  const pending = rows.filter((row) => row.status !== "transferido").map((row) => row.partyId);
  const [due, lastPix] = await Promise.all([partiesAmountsDue(pending), lastPixPaidOnByParty(pending)]);
  return {
    situation: query.situacao,
    institutions,
    page: query.pagina,
    pageSize: PAYOUTS_PAGE_SIZE,
    total,
    pendingCount,
    feePercent,
    pixHoldDays: config.PIX_MED_HOLD_DAYS,
    today,
    rows: rows.map((row) => {
      const transferred = row.status === "transferido";
      const {
        grossCents: gross,
        feeCents,
        netCents,
      } = transferred
        ? { grossCents: row.grossCents!, feeCents: row.feeCents!, netCents: row.netCents! }
        : (due.get(row.partyId) ?? { grossCents: 0, feeCents: 0, netCents: 0 });
      // A transferred payout shows the dates it was sent with; a pending one waits for its last Pix's MED hold too.
      const dates = partyPayoutDates(row.eventDate, transferred ? null : (lastPix.get(row.partyId) ?? null), config.PIX_MED_HOLD_DAYS);
      // The one rule the creator's /painel shows too (decision 168).
      const stage = partyPayoutStage({ ...dates, transferred }, today);
      return {
        ...row,
        grossCents: gross,
        feeCents,
        netCents,
        ...dates,
        stage,
        overdue: stage.stage === "atrasado",
        proofHref: transferred && row.payoutId && row.proofFileName ? proofPath(row.payoutId) : null,
      };
    }),
  };
}

/** Every institution with money owed or transferred: due now, upcoming by date, and its latest transfers. */
async function loadInstitutionPayouts(today: string, pixHoldDays: number) {
  const [items, transfers] = await Promise.all([listOpenInstitutionItems(), listInstitutionTransfers(200)]);
  const ids = [...new Set([...items.map((i) => i.organizationId), ...transfers.map((t) => t.organizationId!)])];
  const institutions = (await findInstitutionsByIds(ids)).map((org) => {
    const due = institutionDue(
      items.filter((i) => i.organizationId === org.id),
      today,
      pixHoldDays,
    );
    return {
      ...org,
      ...due,
      // One per rendering of the form: a repeated submit of it finds the payout it wrote.
      idempotencyKey: randomUUID(),
      transfers: transfers
        .filter((t) => t.organizationId === org.id)
        .slice(0, TRANSFERS_SHOWN)
        .map((t) => ({ ...t, proofHref: t.proofFileName ? proofPath(t.id) : null })),
    };
  });
  return { institutions, dueCount: institutions.filter((i) => i.dueNow.netCents > 0).length, pixHoldDays };
}
