/**
 * The movements the ledger records (docs/decisions/130-ledger.md). Plain constants: the schema
 * reads them for the `ledger_kind` enum.
 *
 * Every row carries signed amounts (gross = fee + net): money that came in is positive, money
 * that went out (a refund, a chargeback, a transfer to the institution) is negative.
 */
export const LEDGER_KINDS = ["gift_paid", "subscription_charge_paid", "refund", "chargeback", "reversal", "payout"] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Money the provider took back from a paid movement; each row is the negation of the row it undoes. */
export const TAKEN_BACK_KINDS = ["refund", "chargeback"] as const satisfies readonly LedgerKind[];

/**
 * What was raised, net of what was taken back: every kind except the transfers to institutions.
 * `reversal` (the provider returning money it had taken back, e.g. a dispute won) is written by no
 * event yet: the provider-neutral events do not carry it (decision 130), but every sum counts it.
 */
export const RAISED_KINDS = [
  "gift_paid",
  "subscription_charge_paid",
  "refund",
  "chargeback",
  "reversal",
] as const satisfies readonly LedgerKind[];
