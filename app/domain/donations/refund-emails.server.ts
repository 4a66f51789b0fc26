/** The donor's "we refunded your gift" e-mail, queued in the transaction that moves the money. */
import { eq } from "drizzle-orm";
import { type Executor, schema } from "~/platform/db.server";
import { donationRefundedEmail } from "~/domain/donations/emails/donation-refunded.server";
import type { Mailer } from "~/platform/mail/outbox.server";

const { donations, parties } = schema;

export async function queueRefundEmail(
  executor: Executor,
  refund: { donationId: string; eventId: string; refundedCents: number; remainingCents: number; partyCancellation: boolean },
  { mailer }: { mailer: Mailer },
) {
  const [gift] = await executor
    .select({
      donorEmail: donations.donorEmail,
      donorName: donations.donorName,
      anonymous: donations.anonymous,
      receiptNumber: donations.receiptNumber,
      amountCents: donations.amountCents,
      partyName: parties.name,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .where(eq(donations.id, refund.donationId));
  if (!gift?.donorEmail) return;
  const email = donationRefundedEmail({
    donorName: gift.anonymous ? null : gift.donorName,
    receiptNumber: gift.receiptNumber,
    refundedCents: refund.refundedCents,
    amountCents: gift.amountCents,
    remainingCents: refund.remainingCents,
    partyName: gift.partyName,
    partyCancelled: refund.partyCancellation,
  });
  await mailer.enqueue(executor, { ...email, to: gift.donorEmail, dedupeKey: `donation-refunded:${refund.eventId}` });
}
