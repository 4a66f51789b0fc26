/** What every reconciliation check shares: the discrepancy type, raw SQL rows and amounts. */
import type { sql } from "drizzle-orm";
import type { Executor } from "~/platform/db.server";
import { formatCents } from "~/platform/money";

export type Discrepancy = {
  check: "party" | "gift" | "charge" | "payout" | "row" | "institution" | "provider";
  pt: string;
  en: string;
};

/** A fact worth a look that is not an error (a negative balance). */
export type Notice = { pt: string; en: string };

type Row = Record<string, unknown>;

/** Runs a raw query and returns its rows: every check reads through one, bound to the run's snapshot. */
export type Read = <T extends Row>(query: ReturnType<typeof sql>) => Promise<T[]>;

/** A Read on `executor` (reconcile passes its read-only REPEATABLE READ transaction). */
export function readerOn(executor: Executor): Read {
  return async <T extends Row>(query: ReturnType<typeof sql>) => {
    const result = (await executor.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
}

export const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const brl = (cents: unknown) => formatCents(n(cents));

/** The ledger kinds as the pt-BR report names them. */
export const KIND_PT: Record<string, string> = {
  gift_paid: "pagamento de doação",
  subscription_charge_paid: "mensalidade",
  refund: "reembolso",
  chargeback: "contestação",
  reversal: "contestação revertida",
  payout: "repasse",
};
