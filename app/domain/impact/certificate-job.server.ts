/**
 * Announces party certificates: each morning, every party that ended (past its last public day)
 * with money raised gets its certificate code and its creator one e-mail, in one transaction.
 * Idempotent twice over: the code is unique per party and the e-mail's dedupe key too.
 */
import { eq } from "drizzle-orm";
import type { Clock } from "~/platform/clock";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import type { Boss } from "~/platform/jobs/boss.server";
import { logger } from "~/platform/logger.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import { certificateReadyEmail } from "~/domain/impact/emails/certificate-ready.server";
import {
  findCertificateByCode,
  issuePartyCertificate,
  markPartyCertificateAnnounced,
  partiesAwaitingCertificate,
} from "./certificates.server";
import { verificationUrl } from "./certificate-pdf.server";

const QUEUE = "party-certificates";

export async function announcePartyCertificates({ mailer, publicUrl, now }: { mailer: Mailer; publicUrl: string; now: Date }) {
  const due = await partiesAwaitingCertificate(todayInSaoPaulo(now));
  let sent = 0;
  for (const party of due) {
    await db.transaction(async (tx) => {
      const { code } = await issuePartyCertificate(party.id, tx);
      if (!party.userId || !(await markPartyCertificateAnnounced(party.id, tx))) return;
      const certificate = await findCertificateByCode(code, tx);
      const [owner] = await tx
        .select({ name: schema.user.name, email: schema.user.email })
        .from(schema.user)
        .where(eq(schema.user.id, party.userId));
      if (!certificate || certificate.kind !== "festa" || !owner) return;
      const email = certificateReadyEmail({
        creatorName: owner.name,
        partyName: certificate.partyName,
        raisedCents: certificate.raisedCents,
        donors: certificate.donors,
        organizationName: certificate.organizationName,
        verificationUrl: verificationUrl(publicUrl, code),
      });
      if (await mailer.enqueue(tx, { ...email, to: owner.email, dedupeKey: `certificate-ready:${party.id}` })) sent++;
    });
  }
  return { due: due.length, sent };
}

export async function startPartyCertificates(
  boss: Boss,
  { mailer, publicUrl, clock }: { mailer: Mailer; publicUrl: string; clock: Clock },
) {
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "short" });
  // The first morning after a party's last public day.
  await boss.schedule(QUEUE, "10 9 * * *", undefined, { tz: "America/Sao_Paulo" });
  await boss.work(QUEUE, async () => {
    const result = await announcePartyCertificates({ mailer, publicUrl, now: clock.now() });
    logger.info(result, "party certificates announced");
  });
}
