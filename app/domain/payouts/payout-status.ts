/** A payout (repasse) is due until an admin records the transfer with its proof. */
export const PAYOUT_STATUSES = ["pendente", "transferido"] as const;
