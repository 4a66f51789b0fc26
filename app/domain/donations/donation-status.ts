/**
 * The donation state machine (decisions.md, Money; docs/decisions/00X-payments.md). Statuses only
 * move forward, so a repeated or late event can never undo a newer one:
 *
 *   pendente → paga | falhou | cancelada
 *   paga     → reembolsada | contestada
 *
 * Two refinements for events that arrive out of order or late:
 *  - a refund or dispute seen while the gift is still `pendente` proves it was paid and then
 *    reversed: it goes straight to `reembolsada`/`contestada` (never counted), and the late
 *    "paid" event is then ignored;
 *  - a gift our own 24 h job cancelled (no provider event said so) still accepts the provider's
 *    confirmation: money that really moved is always counted.
 */
import type { DonationEventAction } from "~/domain/payments";

export const DONATION_STATUSES = ["pendente", "paga", "falhou", "cancelada", "reembolsada", "contestada"] as const;

export type DonationStatus = (typeof DONATION_STATUSES)[number];

const TARGET: Record<DonationEventAction, DonationStatus | null> = {
  paid: "paga",
  failed: "falhou",
  canceled: "cancelada",
  refunded: "reembolsada",
  disputed: "contestada",
  // A dispute won gives the money back: `contestada` → `paga` (refund-events.server.ts applies it
  // with the other take-back events: refunds may be partial, so their move depends on amounts).
  dispute_won: null,
  // One refused attempt on a checkout that stays open: counted by the abuse limits, no status.
  declined: null,
};

const FROM_PENDING: readonly DonationEventAction[] = ["paid", "failed", "canceled", "refunded", "disputed"];
const FROM_PAID: readonly DonationEventAction[] = ["refunded", "disputed"];
const FROM_EXPIRED_BY_US: readonly DonationEventAction[] = ["paid", "refunded", "disputed"];

/**
 * The status an event moves a gift to, or null when the event changes nothing.
 * `expiredByUs`: the gift is `cancelada` because the pending-expiry job said so.
 */
export function nextDonationStatus(current: DonationStatus, action: DonationEventAction, expiredByUs = false): DonationStatus | null {
  const allowed =
    current === "pendente"
      ? FROM_PENDING
      : current === "paga"
        ? FROM_PAID
        : current === "cancelada" && expiredByUs
          ? FROM_EXPIRED_BY_US
          : [];
  return allowed.includes(action) ? TARGET[action] : null;
}

/** Hours a gift may wait for its payment before the job cancels it. */
export const PENDING_EXPIRY_HOURS = 24;
