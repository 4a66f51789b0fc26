/**
 * An institution's money by state on a day (decision 190), for its dashboard: "repassado" (the
 * ledger's transfers), "liberado para repasse" (settled and due within the transfer deadline: its
 * own direct gifts and charges by institution-settlement's rules, and the parties whose card
 * settlement day has passed) and "a receber" (the rest of the balance: not settled yet, with the
 * day each part settles). Liberado + a receber = the ledger's balance, always: "a receber" is the
 * balance less what is released, so a refund after a transfer lowers it.
 */
import { partyPayoutDates } from "./business-days";
import { institutionDue, type OpenLedgerItem } from "./institution-settlement";

export type OpenPartyMoney = {
  partyId: string;
  partyName: string;
  eventDate: string;
  netCents: number;
  /** The São Paulo day of its last paid Pix (its MED hold may end after the card settlement), or null. */
  lastPixPaidOn: string | null;
};
export type MoneyLine = { date: string; label: string; netCents: number };

export type MoneyStates = {
  paidOutCents: number;
  released: { netCents: number; deadline: string | null; lines: MoneyLine[] };
  receivable: { netCents: number; lines: MoneyLine[] };
  /** Refunds and MED devolutions of gifts already transferred: taken off the next transfer (decision 208). */
  debt: { medCents: number; otherCents: number };
};

export function institutionMoneyStates(input: {
  balanceCents: number;
  paidOutCents: number;
  directItems: OpenLedgerItem[];
  parties: OpenPartyMoney[];
  today: string;
  /** PIX_MED_HOLD_DAYS (decision 208). */
  pixHoldDays: number;
}): MoneyStates {
  const due = institutionDue(input.directItems, input.today, input.pixHoldDays);
  const released: MoneyLine[] = [];
  const receivable: MoneyLine[] = [];
  if (due.dueNow.netCents !== 0 && due.dueNow.deadline)
    released.push({ date: due.dueNow.deadline, label: "Doações diretas e mensalidades", netCents: due.dueNow.netCents });
  for (const u of due.upcoming) receivable.push({ date: u.date, label: "Doações diretas e mensalidades", netCents: u.netCents });
  for (const p of input.parties) {
    if (p.netCents === 0) continue;
    const { settlementDate, transferDeadline } = partyPayoutDates(p.eventDate, p.lastPixPaidOn, input.pixHoldDays);
    if (input.today >= settlementDate) released.push({ date: transferDeadline, label: `Festa ${p.partyName}`, netCents: p.netCents });
    else receivable.push({ date: settlementDate, label: `Festa ${p.partyName}`, netCents: p.netCents });
  }
  const releasedCents = released.reduce((s, x) => s + x.netCents, 0);
  const byDate = (a: MoneyLine, b: MoneyLine) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label, "pt-BR");
  return {
    paidOutCents: input.paidOutCents,
    released: { netCents: releasedCents, deadline: released.map((x) => x.date).sort()[0] ?? null, lines: released.sort(byDate) },
    receivable: { netCents: input.balanceCents - releasedCents, lines: receivable.sort(byDate) },
    debt: due.debt,
  };
}
