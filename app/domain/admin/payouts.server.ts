import { z } from "zod";
import type { SessionUser } from "~/domain/accounts/index.server";
import { payoutProofEmail } from "~/domain/payouts/index.server";
import { partyPayoutDates, partyPayoutStage } from "~/domain/payouts";
import { todayInSaoPaulo } from "~/platform/dates";
import { partiesAmountsDue, partyFeePercents, partyRowsDue, recordPayout } from "~/domain/ledger/index.server";
import { oldestLiveEventDate } from "~/domain/parties";
import {
  countPayoutRows,
  findPartyForPayout,
  findPayoutRecipients,
  findPayoutStatus,
  insertPayoutItems,
  insertTransferredPayout,
  lastPixPaidOnByParty,
  listPayoutRows,
  type PayoutSituation,
} from "~/domain/payouts/index.server";
import { checkProofFile, discardProof, proofPath, signedProofUrl, type StoredProof, storeProof } from "~/domain/payouts/index.server";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { type AdminActionHandler, type AdminDeps, auditedChange, fail, refuse, succeed } from "./action-kit.server";
import { PROOF_MESSAGES } from "~/domain/payouts";
import { logger } from "~/platform/logger.server";
import { earlyReasonError, payoutTransferSchema } from "./payout-forms";
import { loadInstitutionPayouts } from "./institution-payouts.server";

const PAYOUTS_PAGE_SIZE = 20;

const querySchema = z.object({
  situacao: z.enum(["pendentes", "transferidos", "instituicoes"]).catch("pendentes"),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loadPayouts(url: URL, { config, clock }: Pick<AdminDeps, "config" | "clock">) {
  const today = todayInSaoPaulo(clock.now());
  const query = querySchema.parse({ situacao: url.searchParams.get("situacao") ?? undefined, pagina: url.searchParams.get("pagina") ?? 1 });
  const feePercent = config.PLATFORM_FEE_PERCENT;
  // Institutions (decision 152): their direct gifts and charges, in institution-payouts.server.ts.
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

const TRANSFER_INTENT = "markPayoutTransferred";
const TRANSFER_ERROR_TITLE = "Erro ao registrar repasse";

/**
 * "Marcar como transferido": the proof (a link or a file, checked by content and stored before the
 * transaction) and, before the card operator settles, the reason, which goes into the audit log.
 */
export const markPayoutTransferredAction: AdminActionHandler = async ({ admin, form, deps }) => {
  const intent = TRANSFER_INTENT;
  const title = TRANSFER_ERROR_TITLE;
  const submission = parseFormSubmission(form, payoutTransferSchema());
  if (submission.status !== "success") return refuse(intent, title, submission.reply());
  const { partyId, proofUrl, proofFile: upload, earlyReason } = submission.value;
  let file: StoredProof | null = null;
  if (upload) {
    const fileError = (message: string, status = 400) =>
      refuse(intent, title, submission.reply({ fieldErrors: { proofFile: [message] } }), status);
    const checked = await checkProofFile(upload);
    if (!checked.ok) return fileError(checked.message);
    // Stored before the transaction, so the row never names a missing file; discarded below if unused.
    try {
      file = await storeProof(checked.proof);
    } catch (error) {
      logger.error({ err: error }, "Armazenamento de arquivos indisponível ao guardar um comprovante");
      return fileError(PROOF_MESSAGES.storageDown, 503);
    }
  }
  try {
    const refuseReason = (message: string) => refuse(intent, title, submission.reply({ fieldErrors: { earlyReason: [message] } }));
    const answer = await recordTransfer(admin, { partyId, proofUrl, earlyReason, refuseReason }, file, deps);
    if (file && !answer.ok) await discardProof(file.key);
    return answer.response;
  } catch (error) {
    if (file) await discardProof(file.key);
    throw error;
  }
};

type TransferRequest = {
  partyId: string;
  proofUrl: string | null;
  earlyReason: string | null;
  /** The answer when the reason is missing or too short: the form's reply, with the message on its field. */
  refuseReason: (message: string) => ReturnType<typeof refuse>;
};

async function recordTransfer(admin: SessionUser, request: TransferRequest, file: StoredProof | null, deps: AdminDeps) {
  const intent = TRANSFER_INTENT;
  const title = TRANSFER_ERROR_TITLE;
  const { partyId, proofUrl } = request;

  const today = todayInSaoPaulo(deps.clock.now());
  const outcome = await auditedChange(admin, async (tx, audit) => {
    const party = await findPartyForPayout(tx, partyId);
    if (!party) return { kind: "missing" as const };
    if (party.eventDate >= oldestLiveEventDate(today)) return { kind: "not-ended" as const };
    if (party.raisedCents <= 0) return { kind: "nothing" as const };
    if ((await findPayoutStatus(tx, partyId))?.status === "transferido") return { kind: "already" as const };
    const lastPix = (await lastPixPaidOnByParty([partyId], tx)).get(partyId) ?? null;
    const dates = partyPayoutDates(party.eventDate, lastPix, deps.config.PIX_MED_HOLD_DAYS);
    // Before the card operator settles, the money is not in the account yet: only with a reason.
    const early = today < dates.settlementDate;
    if (early && earlyReasonError(request.earlyReason, dates.settlementDate)) {
      return { kind: "needs-reason" as const, settlementDate: dates.settlementDate };
    }
    const earlyReason = early ? request.earlyReason : null;
    // Its rows one by one: the payout's items, so a refund or MED landing later is the institution's debt (decision 208).
    const due = await partyRowsDue(tx, partyId);
    const { grossCents, feeCents, netCents } = due.amounts;
    const payout = await insertTransferredPayout(tx, {
      partyId,
      grossCents,
      feeCents,
      netCents,
      ...dates,
      proofUrl,
      proofFileName: file?.fileName ?? null,
      proofKey: file?.key ?? null,
      proofContentType: file?.contentType ?? null,
      proofSize: file?.size ?? null,
      proofOriginalName: file?.originalName ?? null,
      transferredBy: admin.id,
    });
    if (!payout) return { kind: "already" as const };
    await insertPayoutItems(tx, payout.id, due.ids);
    await recordPayout(tx, {
      payoutId: payout.id,
      partyId,
      organizationId: party.organizationId,
      amounts: { grossCents, feeCents, netCents },
    });

    const link = file ? signedProofUrl(payout.id) : proofUrl!;
    const { creator, organization } = await findPayoutRecipients(tx, party);
    const common = {
      partyName: party.name,
      eventDate: party.eventDate,
      organizationName: organization?.name ?? null,
      grossCents,
      feeCents,
      netCents,
      // The percents the paid-out gifts were charged at, not today's setting (decision 166).
      feePercents: await partyFeePercents(tx, partyId),
      proofUrl: link,
    };
    const sentTo: string[] = [];
    if (creator?.email) {
      await deps.mailer.enqueue(tx, {
        to: creator.email,
        dedupeKey: `payout-proof:${payout.id}:creator`,
        ...payoutProofEmail({ ...common, recipient: "creator", name: creator.name }),
      });
      sentTo.push("creator");
    }
    if (organization?.email) {
      await deps.mailer.enqueue(tx, {
        to: organization.email,
        dedupeKey: `payout-proof:${payout.id}:organization`,
        ...payoutProofEmail({ ...common, recipient: "organization", name: organization.name }),
      });
      sentTo.push("organization");
    }
    await audit({
      action: "payout.transfer",
      entity: "payout",
      entityId: payout.id,
      details: {
        partyId,
        grossCents,
        feeCents,
        netCents,
        proofUrl,
        proofFileName: file?.fileName ?? null,
        proofKey: file?.key ?? null,
        proofSize: file?.size ?? null,
        emailed: sentTo,
        settlementDate: dates.settlementDate,
        transferDeadline: dates.transferDeadline,
        // Set only when the transfer came before the settlement date (the admin's own words).
        earlyReason,
      },
    });
    return { kind: "ok" as const, name: party.name, netCents, sentTo };
  });

  const refused = { ok: false as const };
  switch (outcome.kind) {
    case "needs-reason":
      return { ...refused, response: await request.refuseReason(earlyReasonError(request.earlyReason, outcome.settlementDate)!) };
    case "missing":
      return { ...refused, response: await fail(intent, { title, description: "Esta festa não existe mais." }, { status: 404 }) };
    case "not-ended":
      return {
        ...refused,
        response: await fail(
          intent,
          { title, description: "Esta festa ainda não terminou: o repasse só acontece depois do evento." },
          { status: 409 },
        ),
      };
    case "nothing":
      return {
        ...refused,
        response: await fail(intent, { title, description: "Esta festa não tem doações pagas para repassar." }, { status: 409 }),
      };
    case "already":
      return {
        ...refused,
        response: await fail(intent, { title, description: "Este repasse já foi marcado como transferido." }, { status: 409 }),
      };
  }
  const who =
    outcome.sentTo.length === 2
      ? "ao criador e à instituição"
      : outcome.sentTo.includes("creator")
        ? "ao criador"
        : outcome.sentTo.length
          ? "à instituição"
          : null;
  const response = await succeed(intent, {
    title: "Repasse registrado",
    description: who
      ? `${outcome.name}: comprovante enviado por e-mail ${who}.`
      : `${outcome.name}: ninguém com e-mail cadastrado para receber o comprovante.`,
  });
  return { ok: true as const, response };
}
