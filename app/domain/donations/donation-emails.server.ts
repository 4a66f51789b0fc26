/**
 * The two e-mails of a paid gift, queued in the outbox inside the transaction that marks it
 * paid: the creator's "new gift" note and the donor's receipt (when they left an e-mail).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "~/platform/config.server";
import { type Executor, schema } from "~/platform/db.server";
import { donationReceiptEmail } from "~/emails/donation-receipt";
import { donationReceivedEmail } from "~/emails/donation-received";
import type { Mailer } from "~/platform/mail/outbox.server";
import { receiptPath } from "~/domain/receipts";

const { donations, parties, causes, organizations, user, ledgerEntries } = schema;

const ANONYMOUS_DONOR_LABEL = "Doador Anônimo";

export async function queuePaidGiftEmails(executor: Executor, donationId: string, { config, mailer }: { config: Config; mailer: Mailer }) {
  const [gift] = await executor
    .select({
      amountCents: donations.amountCents,
      anonymous: donations.anonymous,
      donorName: donations.donorName,
      donorEmail: donations.donorEmail,
      message: donations.message,
      receiptNumber: donations.receiptNumber,
      receiptCode: donations.receiptCode,
      paidAt: donations.paidAt,
      feeCents: ledgerEntries.feeCents,
      netCents: ledgerEntries.netCents,
      feePercent: ledgerEntries.feePercent,
      partyName: parties.name,
      ownerName: user.name,
      ownerEmail: user.email,
      organizationName: organizations.name,
      organizationCnpj: organizations.cnpj,
      organizationCity: organizations.city,
      organizationState: organizations.state,
      organizationVerifiedAt: organizations.verifiedAt,
      causeName: causes.name,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(user, eq(user.id, parties.userId))
    // The paid row written just before, in this transaction: the receipt states its fee, not a recomputed one.
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.donationId, donations.id), eq(ledgerEntries.kind, "gift_paid")))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    // The party's cause, or the NGO's for a gift to the main charity.
    .leftJoin(causes, eq(causes.id, sql`coalesce(${parties.causeId}, ${organizations.causeId})`))
    .where(eq(donations.id, donationId));
  if (!gift) return;

  if (gift.partyName && gift.ownerEmail) {
    const email = donationReceivedEmail({
      creatorName: gift.ownerName ?? "",
      partyName: gift.partyName,
      amountCents: gift.amountCents,
      donorLabel: gift.anonymous || !gift.donorName ? ANONYMOUS_DONOR_LABEL : gift.donorName,
      message: gift.message,
    });
    await mailer.enqueue(executor, { ...email, to: gift.ownerEmail, dedupeKey: `donation-received:${donationId}` });
  }
  if (gift.donorEmail) {
    const email = donationReceiptEmail({
      donorName: gift.anonymous ? null : gift.donorName,
      receiptNumber: gift.receiptNumber,
      amountCents: gift.amountCents,
      paidAt: gift.paidAt ?? new Date(),
      partyName: gift.partyName,
      causeName: gift.causeName,
      organizationName: gift.organizationName,
      organizationCnpj: gift.organizationCnpj,
      organizationCity: gift.organizationCity,
      organizationState: gift.organizationState,
      organizationVerified: gift.organizationVerifiedAt !== null,
      feeCents: gift.feeCents ?? 0,
      netCents: gift.netCents ?? gift.amountCents,
      feePercent: gift.feePercent ?? config.PLATFORM_FEE_PERCENT,
      receiptUrl: `${config.PUBLIC_URL}${receiptPath(gift.receiptCode)}`,
    });
    await mailer.enqueue(executor, { ...email, to: gift.donorEmail, dedupeKey: `donation-receipt:${donationId}` });
  }
}
