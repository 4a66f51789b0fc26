/**
 * The e-mails of a paid gift: the creator's "new gift" note, the donor's receipt (when they left an
 * e-mail) and the honoree's e-card (when the donor gave one's name and e-mail; decision 214). The paying transaction only queues them in the outbox with the data they are
 * rendered from (one INSERT … SELECT, no template rendering while the gift's and the party's rows
 * are locked); the outbox worker renders them (renderPaidGiftEmail) before sending.
 */
import { bindNamed } from "~/platform/db/named-sql.server";
import type { Config } from "~/platform/config.server";
import type { Executor } from "~/platform/db.server";
import { donationReceiptEmail } from "~/domain/donations/emails/donation-receipt.server";
import { donationReceivedEmail } from "~/domain/donations/emails/donation-received.server";
import { honoreeCardEmail } from "~/domain/donations/emails/honoree-card.server";
import { DEFAULT_OG_IMAGE } from "~/platform/ui/seo";
import type { RenderedEmail } from "~/platform/mail/render.server";
import type { QueuedEmailRenderer } from "~/platform/mail/outbox.server";
import { receiptPath } from "~/domain/receipts";
import { CREATOR_DIGEST_MINUTES } from "~/domain/parties";

const ANONYMOUS_DONOR_LABEL = "Doador Anônimo";
const RECEIVED = "donation-received";
const RECEIPT = "donation-receipt";
const HONOREE = "donation-honoree";

/** What both e-mails are rendered from: the gift as it was when it became paid. */
type PaidGiftEmailData = {
  amountCents: number;
  anonymous: boolean;
  donorName: string | null;
  message: string | null;
  receiptNumber: number;
  receiptCode: string;
  paidAt: string | null;
  feeCents: number | null;
  netCents: number | null;
  feePercent: number | null;
  /** The paid row's fee covered by the donor (decision 216); absent in e-mails queued before it. */
  feeCoveredCents?: number | null;
  partyName: string | null;
  ownerName: string | null;
  organizationName: string | null;
  organizationCnpj: string | null;
  organizationCity: string | null;
  organizationState: string | null;
  organizationVerified: boolean;
  causeName: string | null;
  organizationSlug: string | null;
  partyCode: string | null;
  honoreeName: string | null;
  honoreeShowsAmount: boolean;
  /** The gift's institution, or its party's. */
  institutionName: string | null;
  publicUrl: string;
  platformFeePercent: number;
};

/**
 * The CTE `mail` that queues the e-mails of the gift in the CTE `g` (its columns: see
 * queuePaidGiftEmails) with the data they are rendered from. `:publicUrl` and `:platformFee`
 * stand for the statement's parameters (see bindNamed).
 */
export const PAID_GIFT_EMAILS_CTE = `mail AS (
    INSERT INTO email_outbox ("to", subject, html, text, template, dedupe_key, render_data)
    SELECT m.recipient, '', '', '', m.template, m.template || ':' || g.id,
      jsonb_build_object(
        'amountCents', g.amount_cents, 'anonymous', g.anonymous, 'donorName', g.donor_name, 'message', g.message,
        'receiptNumber', g.receipt_number, 'receiptCode', g.receipt_code, 'paidAt', g.paid_at,
        'feeCents', g.fee_cents, 'netCents', g.net_cents, 'feePercent', g.fee_percent, 'feeCoveredCents', g.fee_covered_cents,
        'partyName', g.party_name, 'ownerName', g.owner_name, 'partyId', g.party_id,
        'organizationName', o.name, 'organizationCnpj', o.cnpj, 'organizationCity', o.city, 'organizationState', o.state,
        'organizationVerified', o.verified_at IS NOT NULL, 'causeName', c.name, 'organizationSlug', o.slug,
        'partyCode', g.party_code, 'honoreeName', g.honoree_name, 'honoreeShowsAmount', g.honoree_shows_amount,
        'institutionName', coalesce(o.name, po.name),
        'publicUrl', :publicUrl::text, 'platformFeePercent', :platformFee::numeric)
    -- party_seq: a burst paid in one statement counts as one for the creator's digest; its first
    -- gift is the first to arrive (g.arrival), as if each had been paid alone in that order (the
    -- single path; paid-event-paths.property.test.ts).
    FROM (SELECT g.*, row_number() OVER (PARTITION BY g.party_id ORDER BY g.arrival, g.receipt_number, g.id) AS party_seq FROM g) g
    LEFT JOIN organizations o ON o.id = g.organization_id
    -- The party's cause, or the NGO's for a gift to the main charity.
    LEFT JOIN causes c ON c.id = coalesce(g.party_cause_id, o.cause_id)
    LEFT JOIN parties cp ON cp.id = g.party_id
    -- A party gift's institution is its party's (the e-card names it).
    LEFT JOIN organizations po ON po.id = cp.organization_id
    LEFT JOIN creator_email_notices cn ON cn.party_id = g.party_id
    CROSS JOIN LATERAL (VALUES
      -- The creator's note (issue 31): every gift ('cada'), none ('nenhum'), or ('resumo') the first
      -- gift after ${CREATOR_DIGEST_MINUTES} quiet minutes at once, the others in the digest
      -- (creator-digest.server.ts).
      ('${RECEIVED}', CASE WHEN nullif(g.party_name, '') IS NOT NULL AND (cp.creator_emails = 'cada'
          OR (cp.creator_emails = 'resumo' AND g.party_seq = 1
            AND (cn.last_sent_at IS NULL OR (cn.last_sent_at <= now() - make_interval(mins => ${CREATOR_DIGEST_MINUTES})
              -- gifts already waiting for the digest go with it, this one too
              AND NOT EXISTS (SELECT 1 FROM donations w WHERE w.party_id = g.party_id AND w.status = 'paga'
                AND w.status_changed_at > cn.last_sent_at AND w.id <> g.id)))))
        THEN nullif(g.owner_email, '') END),
      ('${RECEIPT}', nullif(g.donor_email, '')),
      -- The honoree's e-card (decision 214): its address is on the gift only until this moment.
      ('${HONOREE}', CASE WHEN g.honoree_name IS NOT NULL THEN nullif(g.honoree_email, '') END)) AS m(template, recipient)
    WHERE m.recipient IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, template, render_data->>'partyId' AS party_id),
  creator_notice AS (
    INSERT INTO creator_email_notices (party_id, last_sent_at)
    SELECT DISTINCT mail.party_id::uuid, now() FROM mail WHERE mail.template = '${RECEIVED}' AND mail.party_id IS NOT NULL
    ON CONFLICT (party_id) DO UPDATE SET last_sent_at = excluded.last_sent_at)`;

/**
 * Queues the e-mails of the paid gift `donationId`, inside the caller's transaction (after its
 * ledger row). Whether any was queued: the caller wakes the outbox after its commit
 * (paidGiftAnnouncements), never with a NOTIFY inside the paying transaction.
 */
export async function queuePaidGiftEmails(executor: Executor, donationId: string, { config }: { config: Config }): Promise<boolean> {
  const text = `WITH g AS (
      SELECT d.id, d.party_id, d.amount_cents, d.anonymous, d.donor_name, d.donor_email, d.message, d.receipt_number, d.receipt_code,
        d.paid_at, d.organization_id, l.fee_cents, l.net_cents, l.fee_percent, l.fee_covered_cents,
        d.honoree_name, d.honoree_email, d.honoree_shows_amount, p.share_code AS party_code,
        p.name AS party_name, p.cause_id AS party_cause_id, u.name AS owner_name, u.email AS owner_email, 1 AS arrival
      FROM donations d
      LEFT JOIN parties p ON p.id = d.party_id
      LEFT JOIN "user" u ON u.id = p.user_id
      -- The paid row written just before, in this transaction: the receipt states its fee, not a recomputed one.
      LEFT JOIN ledger_entries l ON l.donation_id = d.id AND l.kind = 'gift_paid'
      WHERE d.id = :donationId::uuid),
    ${PAID_GIFT_EMAILS_CTE},
    -- Queued (or queued before): the gift needs the honoree's address no more (the batch statement clears it too).
    forget AS (UPDATE donations SET honoree_email = NULL WHERE id = :donationId::uuid AND honoree_email IS NOT NULL)
    SELECT EXISTS (SELECT 1 FROM mail) AS mailed`;
  const values = { donationId, publicUrl: config.PUBLIC_URL, platformFee: config.PLATFORM_FEE_PERCENT };
  const { rows } = (await executor.execute(bindNamed(text, values))) as unknown as { rows: Array<{ mailed: boolean }> };
  return rows[0]?.mailed === true;
}

/** Renders a queued paid-gift e-mail from its data; null for any other template. */
function renderPaidGiftEmail(template: string, data: Record<string, unknown>): RenderedEmail | null {
  const gift = data as PaidGiftEmailData;
  if (template === RECEIVED) {
    return donationReceivedEmail({
      creatorName: gift.ownerName ?? "",
      partyName: gift.partyName ?? "",
      amountCents: gift.amountCents,
      donorLabel: gift.anonymous || !gift.donorName ? ANONYMOUS_DONOR_LABEL : gift.donorName,
      message: gift.message,
    });
  }
  if (template === RECEIPT) {
    return donationReceiptEmail({
      donorName: gift.anonymous ? null : gift.donorName,
      receiptNumber: gift.receiptNumber,
      amountCents: gift.amountCents,
      paidAt: gift.paidAt ? new Date(gift.paidAt) : new Date(),
      partyName: gift.partyName,
      causeName: gift.causeName,
      organizationName: gift.organizationName,
      organizationCnpj: gift.organizationCnpj,
      organizationCity: gift.organizationCity,
      organizationState: gift.organizationState,
      organizationVerified: gift.organizationVerified,
      feeCents: gift.feeCents ?? 0,
      netCents: gift.netCents ?? gift.amountCents,
      feePercent: gift.feePercent ?? gift.platformFeePercent,
      feeCoveredCents: Number(gift.feeCoveredCents ?? 0),
      receiptUrl: `${gift.publicUrl}${receiptPath(gift.receiptCode)}`,
    });
  }
  if (template === HONOREE && gift.honoreeName) return renderHonoreeCard(gift, gift.honoreeName);
  return null;
}

/** The e-card: the party's preview image and page, or (a gift to an institution) the site's image and the institution's page. */
function renderHonoreeCard(gift: PaidGiftEmailData, honoreeName: string): RenderedEmail {
  const party = gift.partyCode ? `${gift.publicUrl}/festa/${gift.partyCode}` : null;
  return honoreeCardEmail({
    honoreeName,
    donorName: gift.anonymous ? null : gift.donorName,
    amountCents: gift.honoreeShowsAmount ? gift.amountCents : null,
    message: gift.message,
    partyName: gift.partyName,
    organizationName: gift.institutionName ?? gift.organizationName,
    causeName: gift.causeName,
    imageUrl: party ? `${party}/previa.png` : `${gift.publicUrl}${DEFAULT_OG_IMAGE}`,
    link: party ?? (gift.organizationSlug ? `${gift.publicUrl}/causas/${gift.organizationSlug}` : gift.publicUrl),
    linkLabel: party ? "Ver a festa" : "Conhecer a instituição",
  });
}

/** The worker's renderer for the e-mails this domain queues unrendered. */
export const renderQueuedDonationEmail: QueuedEmailRenderer = ({ template, renderData }) => renderPaidGiftEmail(template, renderData);
