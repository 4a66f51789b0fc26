/**
 * A refund an admin asked for, or one the provider reported (docs/decisions/151-refunds.md). Plain
 * constants: the schema reads them for the `refund_status` enum; the admin shows "Reembolso
 * solicitado" while a refund is queued or requested.
 *
 *   queued    → requested | failed     (a party cancellation's refund, waiting for its job)
 *   requested → succeeded | failed     (the provider took the request; its event moves the money)
 *
 * The money (ledger row, party totals, donor e-mail) moves only when the provider's event arrives,
 * in the same transaction that marks the refund `succeeded`.
 */
export const REFUND_STATUSES = ["queued", "requested", "succeeded", "failed"] as const;

export const REFUND_REASON_MAX = 500;
