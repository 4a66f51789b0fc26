/**
 * The hot path of the webhook: "paid" events for pending gifts (no Pix charge to check) are applied
 * by ONE statement per batch, which is its own transaction — lock each gift, record its event id,
 * mark it paid, write its history and ledger rows, queue its e-mails (data only) and add the
 * batch's gifts to their parties' totals. All of it or none.
 *
 * Events that arrive while a batch is being applied wait and go together in the next one
 * (paid-event-batcher.server.ts): under a burst, one statement, one commit and one WAL flush serve
 * many gifts, and a party's totals row is locked once per batch instead of once per gift (a hot
 * party's gifts committed one flush at a time; docs/performance.md). Alone, an event is a batch of
 * one, applied at once. The announcements (the live streams' NOTIFY and the outbox wake-up) are
 * sent after the commit (announcer.server.ts).
 * Anything else (another status, a Pix, a refund…) is left to the general path, untouched: this
 * statement writes nothing for a gift that is not pending once locked.
 */
import { preparedStatement } from "~/platform/db/named-sql.server";
import type { DonationPaymentEvent } from "~/domain/payments";
import { announceAfterCommit } from "~/platform/db/announcer.server";
import { paidGiftAnnouncements } from "./live-events.server";
import { PAID_GIFT_EMAILS_CTE } from "./donation-emails.server";
import { isUuid } from "./donations.server";
import { MAIN_INSTITUTION_ID_SQL } from "~/domain/organizations/index.server";
import { AGAIN, createSerialBatcher } from "./paid-event-batcher.server";
import { getConnection, type Connection } from "~/platform/db.server";

type Row = {
  ord: number;
  donation_id: string | null;
  deferred: boolean;
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
 * Each event's gift is matched as lockDonation matches it (same provider; its id, checkout id or
 * payment id). A batch takes one event per gift (the first); another event for the same gift is
 * `deferred` and goes in the next batch, once this one has committed, exactly as if it had come
 * after it. The gifts are then locked in id order, and their parties in id order before the totals
 * change, so two batches (two processes) cannot deadlock. The fee is rounded as splitFee rounds
 * (half up; amounts are positive); only integer percentages come this way.
 */
const applyPaidBatch = preparedStatement<Row>(
  "apply_paid_events_v7",
  `WITH e AS (
    SELECT e.ord::int AS ord, e.provider, e.donation_id::uuid AS donation_id, e.checkout_id, e.match_payment_id, e.payment_id,
      e.event_id, e.event_type, e.occurred_at::timestamptz AS occurred_at, e.provider_fee_cents
    FROM unnest(:providers::text[], :donationIds::text[], :checkoutIds::text[], :matchPaymentIds::text[], :paymentIds::text[],
      :eventIds::text[], :eventTypes::text[], :occurredAts::text[], :providerFees::bigint[]) WITH ORDINALITY
      AS e(provider, donation_id, checkout_id, match_payment_id, payment_id, event_id, event_type, occurred_at, provider_fee_cents, ord)),
  m AS (
    SELECT e.ord, x.id AS donation_id
    FROM e
    CROSS JOIN LATERAL (
      SELECT d.id FROM donations d
      WHERE d.provider = e.provider
        AND (d.id = e.donation_id OR d.provider_checkout_id = e.checkout_id OR d.provider_payment_id = e.match_payment_id)
      LIMIT 1) x),
  f AS (SELECT DISTINCT ON (m.donation_id) m.ord, m.donation_id FROM m ORDER BY m.donation_id, m.ord),
  d AS (
    SELECT d.id, d.status, d.party_id, d.organization_id, p.organization_id AS party_organization_id, p.user_id AS owner_id,
      p.name AS party_name, p.cause_id AS party_cause_id, p.share_code AS party_code, d.honoree_email, f.ord
    FROM f
    JOIN donations d ON d.id = f.donation_id
    LEFT JOIN parties p ON p.id = d.party_id
    ORDER BY d.id
    FOR UPDATE OF d),
  ev AS (
    INSERT INTO payment_events (id, provider, type, received_at)
    SELECT e.event_id, e.provider, e.event_type, now() FROM d JOIN e ON e.ord = d.ord WHERE d.status = 'pendente'
    ON CONFLICT (id) DO NOTHING
    RETURNING id),
  up AS (
    UPDATE donations
    SET status = 'paga', status_changed_at = now(), updated_at = now(), paid_at = e.occurred_at,
      provider_payment_id = coalesce(donations.provider_payment_id, e.payment_id),
      -- Queued below for the e-card (decision 214): the gift keeps the honoree's address no longer.
      honoree_email = NULL
    FROM d
    JOIN e ON e.ord = d.ord
    JOIN ev ON ev.id = e.event_id
    WHERE donations.id = d.id AND donations.status = 'pendente'
    RETURNING donations.id, donations.party_id, donations.organization_id, donations.amount_cents, donations.anonymous,
      donations.donor_name, donations.donor_email, donations.message, donations.receipt_number, donations.receipt_code,
      donations.paid_at, coalesce(d.organization_id, d.party_organization_id) AS ledger_organization_id,
      donations.honoree_name, donations.honoree_shows_amount, d.honoree_email, d.party_code,
      d.owner_id, d.party_name, d.party_cause_id, e.provider AS event_provider, e.event_id, e.occurred_at AS event_occurred_at,
      e.provider_fee_cents AS event_provider_fee_cents, e.ord AS arrival,
      donations.fee_covered_cents, donations.match_pledge_id,
      round(donations.amount_cents * :feePercent::numeric / 100)::int AS fee_cents),
  hist AS (
    INSERT INTO donation_status_history (donation_id, from_status, to_status, provider_event_id, occurred_at)
    SELECT id, 'pendente', 'paga', event_id, event_occurred_at FROM up),
  led AS (
    INSERT INTO ledger_entries (kind, organization_id, party_id, donation_id, gross_cents, fee_cents, net_cents, fee_percent,
      fee_covered_cents, provider_fee_cents, provider, provider_event_id, occurred_at)
    -- As recordGiftPaid (giftPaidAmounts): gross = gift + fee covered, fee on the gift alone (decision 216).
    SELECT 'gift_paid',
      coalesce(up.ledger_organization_id, ${MAIN_INSTITUTION_ID_SQL}),
      up.party_id, up.id, up.amount_cents + up.fee_covered_cents, up.fee_cents,
      up.amount_cents + up.fee_covered_cents - up.fee_cents, :feePercent::numeric,
      up.fee_covered_cents, up.event_provider_fee_cents, up.event_provider, up.event_id, up.event_occurred_at
    FROM up
    ON CONFLICT DO NOTHING
    RETURNING donation_id, fee_cents, net_cents, fee_percent, fee_covered_cents),
  -- Matching sponsors (decision 215), as allocateMatch does alone: each party's active pledge locked
  -- (after the gifts, before the parties: the single path's order), then the batch's gifts claim
  -- their match in arrival order — each min(gift × ratio, what the gifts before it left) — and the
  -- pledge grows by their sum. FOR UPDATE reads the newest committed row, so the cap holds against
  -- other transactions too; the table's check is the last guard. Promised money: no ledger row.
  mpl AS (
    SELECT mp.id, mp.party_id, mp.ratio_percent, mp.cap_cents - mp.matched_cents AS remaining, mp.deadline
    FROM match_pledges mp
    WHERE mp.party_id IN (SELECT party_id FROM up) AND mp.status = 'ativa'
    ORDER BY mp.id
    FOR UPDATE),
  mw AS (
    SELECT up.id AS donation_id, mpl.id AS pledge_id, mpl.remaining, up.arrival,
      (up.amount_cents::bigint * mpl.ratio_percent / 100) AS wanted
    FROM up JOIN mpl ON mpl.party_id = up.party_id
    -- A sponsor's own payment of a pledge (decision 220) never claims a match.
    WHERE up.event_occurred_at <= mpl.deadline AND up.match_pledge_id IS NULL),
  ma AS (
    SELECT donation_id, pledge_id,
      least(wanted, greatest(0, remaining - (sum(wanted) OVER (PARTITION BY pledge_id ORDER BY arrival) - wanted)))::bigint AS amount_cents
    FROM mw),
  mins AS (
    INSERT INTO match_allocations (pledge_id, donation_id, amount_cents)
    SELECT pledge_id, donation_id, amount_cents FROM ma WHERE amount_cents > 0
    ON CONFLICT (donation_id) DO NOTHING
    RETURNING pledge_id, amount_cents),
  pledged AS (
    UPDATE match_pledges SET matched_cents = match_pledges.matched_cents + s.amount_cents, updated_at = now()
    FROM (SELECT pledge_id, sum(amount_cents) AS amount_cents FROM mins GROUP BY pledge_id) s
    WHERE match_pledges.id = s.pledge_id),
  -- NO KEY UPDATE, the lock the UPDATE below takes anyway: FOR UPDATE would also wait for the KEY SHARE
  -- that a single-path transaction holds on the party from its own inserts' foreign keys, while that
  -- transaction may be waiting for this statement's creator notice (same party): a deadlock.
  -- The pledges first (the count reads all of mpl), then the parties.
  pl AS (SELECT p.id FROM parties p WHERE p.id IN (SELECT party_id FROM up) AND (SELECT count(*) FROM mpl) >= 0 ORDER BY p.id FOR NO KEY UPDATE),
  tot AS (
    UPDATE parties SET raised_cents = parties.raised_cents + s.raised_cents, paid_count = parties.paid_count + s.paid_count
    FROM (SELECT party_id, sum(amount_cents) AS raised_cents, count(*)::int AS paid_count FROM up WHERE party_id IS NOT NULL GROUP BY party_id) s
    -- Every party of the batch locked first, in id order (the count reads all of pl).
    WHERE parties.id = s.party_id AND (SELECT count(*) FROM pl) >= 0),
  g AS (
    SELECT up.*, coalesce(led.net_cents, up.amount_cents + up.fee_covered_cents - up.fee_cents) AS net_cents,
      coalesce(led.fee_percent, :feePercent::numeric) AS fee_percent,
      u.name AS owner_name, u.email AS owner_email
    FROM up
    LEFT JOIN led ON led.donation_id = up.id
    LEFT JOIN "user" u ON u.id = up.owner_id),
  ${PAID_GIFT_EMAILS_CTE}
  SELECT e.ord, m.donation_id, m.donation_id IS NOT NULL AND f.ord IS NULL AS deferred, d.status,
    ev.id IS NOT NULL AS recorded, up.id IS NOT NULL AS applied,
    up.party_id, up.owner_id, up.amount_cents, EXISTS (SELECT 1 FROM mail) AS mailed,
    -- Recorded before this statement began (its own inserts are not visible here): a repeat.
    EXISTS (SELECT 1 FROM payment_events pe WHERE pe.id = e.event_id) AS seen
  FROM e
  LEFT JOIN m ON m.ord = e.ord
  LEFT JOIN f ON f.ord = e.ord
  LEFT JOIN d ON d.ord = e.ord
  LEFT JOIN ev ON ev.id = e.event_id AND d.ord IS NOT NULL
  LEFT JOIN up ON up.id = d.id
  ORDER BY e.ord`,
);

export type PaidFastOutcome =
  { outcome: "applied"; donationId: string; from: "pendente"; to: "paga" } | { outcome: "duplicate" } | { outcome: "unmatched" };

/** Whether `event` may take the one-statement path at all (else: the general transaction). */
export function takesPaidFastPath(event: DonationPaymentEvent, feePercent: number) {
  return event.action === "paid" && !event.pix && Number.isInteger(feePercent);
}

type Options = { feePercent: number; publicUrl: string };
type Item = { event: DonationPaymentEvent; matchId: string | null } & Options;
type Answer = PaidFastOutcome | null;

/** Up to this many events per statement (a burst of 32–64 in flight fills one or two). */
const MAX_BATCH = 64;

async function applyBatch(items: readonly Item[]): Promise<Array<Answer | Promise<Answer> | typeof AGAIN>> {
  const { feePercent, publicUrl } = items[0]!;
  const column = (pick: (item: Item) => string | null | undefined) => items.map((item) => pick(item) || null);
  const rows = await applyPaidBatch.run({
    providers: column((i) => i.event.provider),
    donationIds: column((i) => i.matchId),
    checkoutIds: column((i) => i.event.ref.checkoutId),
    matchPaymentIds: column((i) => i.event.ref.paymentId),
    // Remembered when the gift has none yet (refunds and disputes match by it).
    paymentIds: column((i) => i.event.paymentId),
    eventIds: column((i) => i.event.id),
    eventTypes: column((i) => i.event.type),
    occurredAts: column((i) => i.event.occurredAt.toISOString()),
    // What the PSP kept (decision 206), as the single path writes it: recordGiftPaid's source.
    providerFees: items.map((i) => i.event.providerFeeCents ?? null),
    feePercent,
    publicUrl,
    platformFee: feePercent,
  });
  // Committed: now the announcements, all in one go (never rejects; a lost one only delays a wake-up).
  const announced = announceAfterCommit(
    rows
      .filter((row) => row.applied)
      .flatMap((row) =>
        paidGiftAnnouncements(
          { donationId: row.donation_id!, partyId: row.party_id, ownerUserId: row.owner_id, amountCents: row.amount_cents! },
          { mailed: row.mailed },
        ),
      ),
  );
  return items.map((item, i) => {
    const row = rows[i];
    if (!row || row.ord !== i + 1) return Promise.reject(new Error("paid events: the batch's rows are out of order"));
    if (!row.donation_id) return { outcome: "unmatched" };
    if (row.deferred) return AGAIN;
    if (row.applied) {
      const applied: PaidFastOutcome = { outcome: "applied", donationId: row.donation_id, from: "pendente", to: "paga" };
      return announced.then(() => applied);
    }
    // Not pending: a repeat of an event already recorded is answered here, as the general path
    // would answer it (the gift exists and the event id is taken), without a transaction of its
    // own (~10 % of deliveries are repeats); anything else is the general path's to decide.
    if (row.status !== "pendente") return row.seen ? { outcome: "duplicate" } : null;
    // Still pending with this event id already recorded: a repeat (as the general path answers).
    if (!row.recorded) return { outcome: "duplicate" };
    return Promise.reject(new Error(`paid event ${item.event.id} recorded without applying`));
  });
}

const batchers = new WeakMap<Connection, ReturnType<typeof createSerialBatcher<Item, Answer>>>();

function batcherFor(connection: Connection) {
  let batcher = batchers.get(connection);
  if (!batcher) {
    batcher = createSerialBatcher<Item, Answer>({
      maxBatch: MAX_BATCH,
      // One fee and address per statement; an event id once per batch (a repeat waits for the next).
      fits: (item, batch) =>
        batch.length === 0 ||
        (item.feePercent === batch[0]!.feePercent &&
          item.publicUrl === batch[0]!.publicUrl &&
          !batch.some((other) => other.event.id === item.event.id)),
      apply: applyBatch,
    });
    batchers.set(connection, batcher);
  }
  return batcher;
}

/**
 * Applies a paid event with the others arriving meanwhile; null when the gift is not pending
 * (nothing was written for it: the general path decides, under its own lock).
 */
export async function applyPaidEvent(event: DonationPaymentEvent, options: Options): Promise<PaidFastOutcome | null> {
  const { donationId, checkoutId, paymentId } = event.ref;
  const matchId = donationId && isUuid(donationId) ? donationId : null;
  if (!matchId && !checkoutId && !paymentId) return { outcome: "unmatched" };
  return batcherFor(getConnection()).submit({ event, matchId, ...options });
}
