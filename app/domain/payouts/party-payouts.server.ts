/**
 * A party's payout as its creator (/painel) and its public ended page show it (issue 14, item 6):
 * when the card operator settles, the transfer deadline, and — once the team transferred — the
 * date, the stored figures and the proof's link. Figures of a transfer come from its payouts row,
 * never recomputed with today's fee.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { partyPayoutDates } from "./business-days";
import { lastPixPaidOnByParty } from "./payouts-admin.server";
import { proofLink } from "./payout-proof.server";
import { todayInSaoPaulo } from "~/platform/dates";
import {
  netAmountPhrase,
  partyPayoutStage,
  type PayoutStatus,
  transferDoneLine,
  transferDueLine,
  transferredAmountLine,
} from "./payout-texts";

const { payouts, donations } = schema;

/** How the party's paid gifts came: the settlement line on /painel names it (card, Pix or both). */
export function settlementLabel(methods: readonly string[]): string {
  const pix = methods.includes("pix");
  const card = methods.some((m) => m !== "pix");
  // A Pix is held until a MED 2.0 devolution can no longer take it back (decision 208).
  return pix && card ? "Liberação (cartão e Pix após o MED)" : pix ? "Liberação do Pix (após o prazo do MED)" : "Liquidação do cartão";
}

async function paidMethods(partyIds: string[]) {
  if (partyIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .selectDistinct({ partyId: donations.partyId, method: donations.paymentMethod })
    .from(donations)
    .where(and(inArray(donations.partyId, partyIds), eq(donations.status, "paga")));
  const byParty = new Map<string, string[]>();
  for (const r of rows) if (r.partyId) byParty.set(r.partyId, [...(byParty.get(r.partyId) ?? []), r.method]);
  return byParty;
}

async function transferredPayouts(partyIds: string[]) {
  if (partyIds.length === 0) return [];
  return db
    .select({
      id: payouts.id,
      partyId: payouts.partyId,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      netCents: payouts.netCents,
      settlementDate: payouts.settlementDate,
      transferDeadline: payouts.transferDeadline,
      transferredAt: payouts.transferredAt,
      proofUrl: payouts.proofUrl,
      proofKey: payouts.proofKey,
      // Only whether a legacy file is there: the base64 itself stays in the database.
      hasLegacyFile: sql<boolean>`${payouts.proofFile} is not null`,
    })
    .from(payouts)
    .where(and(inArray(payouts.partyId, partyIds), eq(payouts.status, "transferido")));
}
type TransferredRow = Awaited<ReturnType<typeof transferredPayouts>>[number];

export type PartyPayoutView = {
  /** YYYY-MM-DD: the card operator's settlement, and the last day to transfer to the institution. */
  settlementDate: string;
  /** "Liquidação do cartão" / "Liberação do Pix (após o prazo do MED)" / "Liberação (cartão e Pix após o MED)": how the gifts came. */
  settlementLabel: string;
  transferDeadline: string;
  /** The same status the admin's Repasses tab shows for this payout (partyPayoutStage). */
  stage: PayoutStatus;
  /** Null while nothing was transferred (or there is nothing to transfer). */
  transfer: {
    /** ISO timestamp of the transfer. */
    at: string;
    /** "R$ 360,00 transferidos: o total de R$ 400,00 menos R$ 40,00 da taxa da plataforma." */
    amountLine: string;
    /** The proof: our signed download link for a stored file, or the link the team recorded. */
    proofHref: string | null;
    proofExternal: boolean;
  } | null;
};

type Dating = { lastPixPaidOn: string | null; pixHoldDays: number };

function view(
  eventDate: string,
  row: TransferredRow | undefined,
  methods: readonly string[],
  dating: Dating,
  today: string,
): PartyPayoutView {
  const due = row
    ? { settlementDate: row.settlementDate, transferDeadline: row.transferDeadline }
    : partyPayoutDates(eventDate, dating.lastPixPaidOn, dating.pixHoldDays);
  const dates = {
    ...due,
    settlementLabel: settlementLabel(methods),
    stage: partyPayoutStage({ ...due, transferred: Boolean(row?.transferredAt) }, today),
  };
  if (!row?.transferredAt) return { ...dates, transfer: null };
  const proof = proofLink({ id: row.id, hasFile: Boolean(row.proofKey) || Boolean(row.hasLegacyFile), proofUrl: row.proofUrl });
  return {
    ...dates,
    transfer: {
      at: new Date(row.transferredAt).toISOString(),
      amountLine: transferredAmountLine(row),
      proofHref: proof?.href ?? null,
      proofExternal: proof?.external ?? false,
    },
  };
}

/** The payout of each party, by party id (an ended party without a transfer gets its due dates). */
export async function listPartyPayouts(
  parties: Array<{ id: string; eventDate: string }>,
  /** PIX_MED_HOLD_DAYS (decision 208). */
  pixHoldDays: number,
  today: string = todayInSaoPaulo(),
): Promise<Map<string, PartyPayoutView>> {
  const ids = parties.map((p) => p.id);
  const [rows, methods, lastPix] = await Promise.all([transferredPayouts(ids), paidMethods(ids), lastPixPaidOnByParty(ids)]);
  const byParty = new Map(rows.map((row) => [row.partyId, row]));
  return new Map(
    parties.map((p) => {
      const dating = { lastPixPaidOn: lastPix.get(p.id) ?? null, pixHoldDays };
      return [p.id, view(p.eventDate, byParty.get(p.id), methods.get(p.id) ?? [], dating, today)];
    }),
  );
}

async function findPartyPayout(party: { id: string; eventDate: string }, pixHoldDays: number): Promise<PartyPayoutView> {
  return (await listPartyPayouts([party], pixHoldDays)).get(party.id)!;
}

/** What the public page of an ended party says about its payout: ready-made lines (the page adds no code for them). */
export type PublicPayoutLines = { headline: string; detail: string; proofHref: string | null; proofExternal: boolean };

export async function publicPayoutLines(
  party: { id: string; eventDate: string; raisedCents: number },
  feePercent: number,
  pixHoldDays: number,
): Promise<PublicPayoutLines | null> {
  const payout = await findPartyPayout(party, pixHoldDays);
  const transfer = payout.transfer;
  if (transfer) {
    return {
      headline: transferDoneLine(transfer.at),
      detail: transfer.amountLine,
      proofHref: transfer.proofHref,
      proofExternal: transfer.proofExternal,
    };
  }
  if (party.raisedCents <= 0) return null;
  return {
    headline: transferDueLine(payout.transferDeadline),
    detail: `Depois que a operadora do cartão libera os valores, transferimos ${netAmountPhrase(feePercent)} e publicamos aqui o comprovante.`,
    proofHref: null,
    proofExternal: false,
  };
}
