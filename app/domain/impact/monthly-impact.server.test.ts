import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertUser } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { unsubscribe } from "~/platform/mail/mailing-lists.server";
import { outboxMailer } from "~/platform/mail/outbox.server";
import { recordSubscriptionChargePaid } from "~/domain/ledger/index.server";
import { renderCertificatePng } from "./certificate-image.server";
import { renderCertificatePdf } from "./certificate-pdf.server";
import { subscriberCertificateFor, subscriberCertificateYears } from "./certificates.server";
import { previousMonth, sendMonthlyImpactReports } from "./monthly-impact.server";

useTestDatabase();

const MARCH = { year: 2026, month: 3, key: "2026-03" };
const publicUrl = "http://localhost:3000";

async function subscriberCharged(name: string, organizationId: string, charges: Array<{ cents: number; at: string }>) {
  const user = await insertUser(name);
  const [sub] = await db
    .insert(schema.subscriptions)
    .values({
      userId: user.id,
      plan: "prata",
      status: "active",
      provider: "sandbox",
      providerCustomerId: `cus_${randomUUID().slice(0, 8)}`,
      providerSubscriptionId: `sub_${randomUUID().slice(0, 8)}`,
      lastEventAt: new Date(),
    })
    .returning();
  for (const c of charges) {
    const [charge] = await db
      .insert(schema.subscriptionCharges)
      .values({ subscriptionId: sub!.id, providerInvoiceId: `in_${randomUUID()}`, amountCents: c.cents, paidAt: new Date(c.at) })
      .returning();
    await recordSubscriptionChargePaid(
      db,
      { chargeId: charge!.id, amountCents: c.cents, organizationId },
      { provider: "sandbox", providerEventId: `evt_${charge!.id}`, occurredAt: new Date(c.at) },
      10,
    );
  }
  return user;
}

const reports = () => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "monthly-impact"));

describe("the monthly impact report", () => {
  it("tells each subscriber what the month's charges funded, with units and updates, once per month", async () => {
    const cause = await insertCause();
    const org = await insertInstitution(cause.id, { name: "Casa Hunter" });
    await db.insert(schema.impactUnits).values({ organizationId: org.id, singular: "consulta", plural: "consultas", costCents: 4000 });
    await db.insert(schema.impactUpdates).values([
      { organizationId: org.id, month: "2026-03", title: "Nova sala de fisioterapia", body: "Inaugurada com a ajuda de vocês." },
      { organizationId: org.id, month: "2026-02", title: "Notícia de fevereiro", body: "Não entra em março." },
    ]);
    await subscriberCharged("Ana Assinante", org.id, [
      { cents: 5000, at: "2026-03-10T15:00:00Z" },
      { cents: 5000, at: "2026-02-10T15:00:00Z" },
    ]);
    await subscriberCharged("Bruno Sem Cobrança", org.id, [{ cents: 5000, at: "2026-01-10T15:00:00Z" }]);

    const first = await sendMonthlyImpactReports({ mailer: outboxMailer, publicUrl, month: MARCH, now: new Date() });
    expect(first).toEqual({ subscribers: 1, queued: 1 });
    const [mail] = await reports();
    expect(mail!.subject).toBe("Seu relatório de impacto de março de 2026");
    expect(mail!.text).toContain("R$ 50,00");
    expect(mail!.text).toContain("1 consulta");
    expect(mail!.text).toContain("Nova sala de fisioterapia");
    expect(mail!.text).not.toContain("Notícia de fevereiro");
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The job runs again (a retry, a second instance): nothing new.
    const again = await sendMonthlyImpactReports({ mailer: outboxMailer, publicUrl, month: MARCH, now: new Date() });
    expect(again.queued).toBe(0);
    expect(await reports()).toHaveLength(1);
  });

  it("skips a subscriber who unsubscribed from the report", async () => {
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    const user = await subscriberCharged("Carla", org.id, [{ cents: 3000, at: "2026-03-05T12:00:00Z" }]);
    const [row] = await db.select().from(schema.user).where(eq(schema.user.id, user.id));
    await unsubscribe(row!.email, "relatorio-mensal");
    expect(await sendMonthlyImpactReports({ mailer: outboxMailer, publicUrl, month: MARCH, now: new Date() })).toEqual({
      subscribers: 1,
      queued: 0,
    });
  });

  it("runs for the month before, in São Paulo time", () => {
    expect(previousMonth(new Date("2026-04-01T13:00:00Z")).key).toBe("2026-03");
    expect(previousMonth(new Date("2026-01-01T13:00:00Z")).key).toBe("2025-12");
    // 1 April 01:00 UTC is still 31 March in São Paulo.
    expect(previousMonth(new Date("2026-04-01T01:00:00Z")).key).toBe("2026-02");
  });
});

describe("the subscriber's yearly certificate", () => {
  it("adds up the year's charges from the ledger, for the subscriber only", async () => {
    const cause = await insertCause();
    const org = await insertInstitution(cause.id, { name: "Instituto Prato Cheio" });
    const user = await subscriberCharged("Maria da Conceição Gonçalves 💚", org.id, [
      { cents: 5000, at: "2025-12-10T15:00:00Z" },
      { cents: 5000, at: "2026-01-10T15:00:00Z" },
      { cents: 5000, at: "2026-02-10T15:00:00Z" },
    ]);
    expect(await subscriberCertificateYears(user.id)).toEqual([2026, 2025]);
    const certificate = await subscriberCertificateFor(user.id, 2026);
    expect(certificate).toMatchObject({
      kind: "assinante",
      year: 2026,
      totalCents: 10000,
      charges: 2,
      organizations: ["Instituto Prato Cheio"],
    });
    const other = await insertUser("Outra Pessoa");
    expect(await subscriberCertificateFor(other.id, 2026)).toBeNull();
    expect(await subscriberCertificateFor(user.id, 2024)).toBeNull();
    expect((await subscriberCertificateFor(user.id, 2026))!.code).toBe(certificate!.code);

    const png = await renderCertificatePng(certificate!, { publicUrl });
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1080]);
    const pdf = await renderCertificatePdf(certificate!, { publicUrl });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.CERTIFICATE_SHOTS) {
      writeFileSync(`${process.env.CERTIFICATE_SHOTS}/assinante.png`, png);
      writeFileSync(`${process.env.CERTIFICATE_SHOTS}/assinante.pdf`, pdf);
    }
  });
});
