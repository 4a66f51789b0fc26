/** The recovery tables' closed lists (the schema reads them; docs/recovery.md explains them). */
export const RECOVERY_METHODS = ["card", "pix_automatico"] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

/** Who tries again: us (the job), or the provider (Stripe). */
export const RETRY_OWNERS = ["ours", "provider"] as const;
export type RetryOwner = (typeof RETRY_OWNERS)[number];

export const RECOVERY_STATUSES = ["open", "recovered", "suspended"] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/**
 * A recovery's history: `failed` (each failed attempt, the first included), `retry_requested` (one
 * of our retries asked for), `pix_created` (the link's one-off Pix), `suspended`, `recovered`, and
 * `extra_payment` (a Pix for a month already paid: real money the team gives back).
 */
export const RECOVERY_EVENT_KINDS = ["failed", "retry_requested", "pix_created", "suspended", "recovered", "extra_payment"] as const;
