/**
 * The hot path of the webhook: a "paid" event for a pending gift (no Pix charge to check) is
 * applied by ONE statement, which is its own transaction — lock the gift, record the event id,
 * mark the gift paid, write its history and ledger rows, queue its two e-mails (data only) and add
 * it to the party's totals. All of it or none. The announcements (the live streams' NOTIFY and the
 * outbox wake-up) are sent after the commit (announcer.server.ts): a NOTIFY in this statement made
 * PostgreSQL commit the paying statements one at a time.
 * Anything else (another status, a Pix, a refund…) is left to the general path, untouched: this
 * statement writes nothing unless the gift it locked is still pending.
 */
import { preparedStatement } from "~/platform/db/named-sql.server";
import type { DonationPaymentEvent } from "~/domain/payments";
import { announceAfterCommit } from "~/platform/db/announcer.server";
import { paidGiftAnnouncements } from "./live-events.server";
import { PAID_GIFT_EMAILS_CTE } from "./donation-emails.server";
import { isUuid } from "./donations.server";

type Row = {
  donation_id: string | null;
  status: string | null;
  recorded: boolean;
  applied: boolean;
  party_id: string | null;
  owner_id: string | null;
  amount_cents: number | null;
  mailed: boolean;
  seen: boolean;
};

/**
 * The gift is matched as lockDonation matches it (same provider; its id, checkout id or payment
 * id), and locked first: concurrent events for one gift queue up there. The fee is rounded as
 * splitFee rounds (half up; amounts are positive); only integer percentages come this way.
 */
const applyPaid = preparedStatement<Row>(
  "apply_paid_event_v3",
  `WITH d AS (
    SELECT d.id, d.status, d.party_id, d.organization_id, p.organization_id AS party_organization_id, p.user_id AS owner_id,
      p.name AS party_name, p.cause_id AS party_cause_id
    FROM donations d
    LEFT JOIN parties p ON p.id = d.party_id
    WHERE d.provider = :provider::text
      AND (d.id = :donationId::uuid OR d.provider_checkout_id = :checkoutId::text OR d.provider_payment_id = :matchPaymentId::text)
    LIMIT 1
    FOR UPDATE OF d),
  ev AS (
    INSERT INTO payment_events (id, provider, type, received_at)
    SELECT :eventId::text, :provider::text, :eventType::text, now() FROM d WHERE d.status = 'pendente'
    ON CONFLICT (id) DO NOTHING
    RETURNING id),
  up AS (
    UPDATE donations
    SET status = 'paga', status_changed_at = now(), updated_at = now(), paid_at = :occurredAt::timestamptz,
      provider_payment_id = coalesce(donations.provider_payment_id, :paymentId::text)
    FROM d, ev
    WHERE donations.id = d.id AND donations.status = 'pendente'
    RETURNING donations.id, donations.party_id, donations.organization_id, donations.amount_cents, donations.anonymous,
      donations.donor_name, donations.donor_email, donations.message, donations.receipt_number, donations.receipt_code,
      donations.paid_at, coalesce(d.organization_id, d.party_organization_id) AS ledger_organization_id,
      d.owner_id, d.party_name, d.party_cause_id,
      round(donations.amount_cents * :feePercent::numeric / 100)::int AS fee_cents),
  hist AS (
    INSERT INTO donation_status_history (donation_id, from_status, to_status, provider_event_id, occurred_at)
    SELECT id, 'pendente', 'paga', :eventId, :occurredAt::timestamptz FROM up),
  led AS (
    INSERT INTO ledger_entries (kind, organization_id, party_id, donation_id, gross_cents, fee_cents, net_cents, fee_percent,
      provider, provider_event_id, occurred_at)
    SELECT 'gift_paid',
      coalesce(up.ledger_organization_id,
        (SELECT id FROM organizations WHERE is_main ORDER BY created_at, id LIMIT 1)),
      up.party_id, up.id, up.amount_cents, up.fee_cents, up.amount_cents - up.fee_cents, :feePercent::numeric,
      :provider, :eventId, :occurredAt::timestamptz
    FROM up
    ON CONFLICT DO NOTHING
    RETURNING fee_cents, net_cents, fee_percent),
  tot AS (
    UPDATE parties SET raised_cents = parties.raised_cents + up.amount_cents, paid_count = parties.paid_count + 1
    FROM up WHERE parties.id = up.party_id),
  g AS (
    SELECT up.*, coalesce(led.net_cents, up.amount_cents - up.fee_cents) AS net_cents,
      coalesce(led.fee_percent, :feePercent::numeric) AS fee_percent,
      u.name AS owner_name, u.email AS owner_email
    FROM up
    LEFT JOIN led ON true
    LEFT JOIN "user" u ON u.id = up.owner_id),
  ${PAID_GIFT_EMAILS_CTE}
  SELECT d.id AS donation_id, d.status, EXISTS (SELECT 1 FROM ev) AS recorded, up.id IS NOT NULL AS applied,
    up.party_id, up.owner_id, up.amount_cents, EXISTS (SELECT 1 FROM mail) AS mailed,
    -- Recorded before this statement began (its own insert is not visible here): a repeat.
    EXISTS (SELECT 1 FROM payment_events pe WHERE pe.id = :eventId::text) AS seen
  FROM (SELECT 1) AS one
  LEFT JOIN d ON true
  LEFT JOIN up ON true`,
);

export type PaidFastOutcome =
  { outcome: "applied"; donationId: string; from: "pendente"; to: "paga" } | { outcome: "duplicate" } | { outcome: "unmatched" };

/** Whether `event` may take the one-statement path at all (else: the general transaction). */
export function takesPaidFastPath(event: DonationPaymentEvent, feePercent: number) {
  return event.action === "paid" && !event.pix && Number.isInteger(feePercent);
}

/**
 * Applies a paid event in one statement; null when the gift is not pending (nothing was written:
 * the general path decides, under its own lock).
 */
export async function applyPaidEvent(
  event: DonationPaymentEvent,
  { feePercent, publicUrl }: { feePercent: number; publicUrl: string },
): Promise<PaidFastOutcome | null> {
  const { donationId, checkoutId, paymentId } = event.ref;
  const matchId = donationId && isUuid(donationId) ? donationId : null;
  if (!matchId && !checkoutId && !paymentId) return { outcome: "unmatched" };
  const [row] = await applyPaid.run({
    provider: event.provider,
    donationId: matchId,
    checkoutId: checkoutId || null,
    matchPaymentId: paymentId || null,
    // Remembered when the gift has none yet (refunds and disputes match by it).
    paymentId: event.paymentId || null,
    eventId: event.id,
    eventType: event.type,
    occurredAt: event.occurredAt,
    feePercent,
    publicUrl,
    platformFee: feePercent,
  });
  if (!row?.donation_id) return { outcome: "unmatched" };
  if (row.applied) {
    // Committed: now the announcements (never rejects; a lost one only delays a wake-up).
    await announceAfterCommit(
      paidGiftAnnouncements(
        { donationId: row.donation_id, partyId: row.party_id, ownerUserId: row.owner_id, amountCents: row.amount_cents! },
        { mailed: row.mailed },
      ),
    );
    return { outcome: "applied", donationId: row.donation_id, from: "pendente", to: "paga" };
  }
  // Not pending: a repeat of an event already recorded is answered here, as the general path
  // would answer it (the gift exists and the event id is taken), without a transaction of its
  // own (~10 % of deliveries are repeats); anything else is the general path's to decide.
  if (row.status !== "pendente") return row.seen ? { outcome: "duplicate" } : null;
  // Still pending with this event id already recorded: a repeat (as the general path answers).
  if (!row.recorded) return { outcome: "duplicate" };
  throw new Error(`paid event ${event.id} recorded without applying`);
}
