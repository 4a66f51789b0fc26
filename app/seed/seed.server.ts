import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { hashPassword } from "~/domain/accounts/password.server";
import { recordGiftPaid, recordSubscriptionChargePaid } from "~/domain/ledger/index.server";
import { providerFeeOf } from "~/platform/fee-schedule";
import {
  DEMO_ADS,
  DEMO_CAUSE_IMPACT,
  DEMO_CAUSES,
  DEMO_CNPJ_NOTE,
  DEMO_IMPACT_UNITS,
  DEMO_ORGANIZATIONS,
  DEMO_PARTIES,
  DEMO_STORIES,
  DEMO_TESTIMONIALS,
  DEMO_UNPAID_GIFTS,
  DEMO_USERS,
  FAMILIES_HELPED_DEMO,
} from "./demo-data";

/** Seeds the demo data set when the database has no causes yet. Returns whether it seeded. */
export async function seedIfEmpty(): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.causes);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoData();
  return true;
}

export async function seedDemoData(options: { withUsers?: boolean } = {}) {
  const withUsers = options.withUsers ?? true;
  const { PUBLIC_URL: publicUrl, PLATFORM_FEE_PERCENT: feePercent, SANDBOX_CARD_FEE: cardFee } = getConfig();
  const today = todayInSaoPaulo();
  // Hash outside the transaction: argon2 is slow on purpose and PGlite serialises everything.
  const passwordHashes = withUsers ? await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password))) : [];

  await db.transaction(async (tx) => {
    const causes = await tx
      .insert(schema.causes)
      .values(DEMO_CAUSES.map(({ key, name, description, icon }) => ({ name, description, icon, impactLines: DEMO_CAUSE_IMPACT[key] })))
      .returning();
    const causeId = (key: string) => causes[DEMO_CAUSES.findIndex((c) => c.key === key)]!.id;

    const orgs = await tx
      .insert(schema.organizations)
      .values(
        DEMO_ORGANIZATIONS.map((o) => ({
          ...o,
          isMain: o.isMain ?? false,
          causeId: causeId(o.cause),
          pixKeyType: "cnpj" as const,
          pixKey: o.cnpj,
          // Verified so /doar?ong= works on a fresh install; the note says the data is fictitious.
          verifiedAt: new Date(),
          verificationNote: DEMO_CNPJ_NOTE,
        })),
      )
      .returning();
    const orgId = (slug: string) => orgs.find((o) => o.slug === slug)!.id;
    await tx
      .insert(schema.impactUnits)
      .values(Object.entries(DEMO_IMPACT_UNITS).flatMap(([slug, units]) => units.map((u) => ({ ...u, organizationId: orgId(slug) }))));

    await tx.insert(schema.testimonials).values(DEMO_TESTIMONIALS.map((t, i) => ({ ...t, sortOrder: i })));
    await tx.insert(schema.sponsorAds).values(DEMO_ADS.map((a, i) => ({ ...a, sortOrder: i })));
    await tx.insert(schema.stories).values(DEMO_STORIES);
    await tx
      .insert(schema.siteSettings)
      .values({ key: "families_helped", value: { ...FAMILIES_HELPED_DEMO, reportedOn: addCalendarDays(todayInSaoPaulo(), -30) } })
      .onConflictDoNothing();

    if (!withUsers) return;
    const userIds = DEMO_USERS.map(() => randomUUID());
    await tx.insert(schema.user).values(DEMO_USERS.map((u, i) => ({ id: userIds[i]!, name: u.name, email: u.email, emailVerified: true })));
    await tx.insert(schema.account).values(
      DEMO_USERS.map((_u, i) => ({
        id: randomUUID(),
        accountId: userIds[i]!,
        providerId: "credential",
        userId: userIds[i]!,
        password: passwordHashes[i]!,
      })),
    );
    await tx
      .insert(schema.userRoles)
      .values(DEMO_USERS.flatMap((u, i) => (u.admin ? [{ userId: userIds[i]!, role: "admin" as const }] : [])));
    const adminId = userIds[DEMO_USERS.findIndex((u) => u.admin)];
    if (adminId) await tx.update(schema.organizations).set({ verifiedBy: adminId });

    for (const p of DEMO_PARTIES) {
      const paid = p.gifts;
      const [party] = await tx
        .insert(schema.parties)
        .values({
          userId: userIds[p.owner]!,
          name: p.name,
          eventType: p.eventType,
          eventDate: addCalendarDays(today, p.daysFromToday),
          goalCents: p.goalReais * 100,
          // A party's cause is its institution's (decision 165).
          causeId: orgs.find((o) => o.slug === p.org)!.causeId!,
          organizationId: orgId(p.org),
          message: p.message,
          shareCode: p.code,
          shareLink: `${publicUrl}/festa/${p.code}`,
          raisedCents: paid.reduce((sum, g) => sum + g.reais * 100, 0),
          paidCount: paid.length,
          createdAt: daysAgo(Math.max(10, -p.daysFromToday + 10)),
        })
        .returning();
      for (const [i, g] of paid.entries()) {
        const at = daysAgo(g.daysAgo);
        const [donation] = await tx
          .insert(schema.donations)
          .values({
            partyId: party!.id,
            organizationId: orgId(p.org),
            amountCents: g.reais * 100,
            status: "paga",
            anonymous: g.name === null,
            donorName: g.name,
            donorEmail: `convidado${i + 1}.${p.code}@exemplo.com.br`,
            message: g.message ?? null,
            provider: "sandbox",
            providerCheckoutId: `demo_${p.code}_${i}`,
            // What the sandbox's paid event would have remembered, so a demo gift can be refunded.
            providerPaymentId: `pi_sbx_demo_${p.code}_${i}`,
            createdAt: at,
            paidAt: at,
            statusChangedAt: at,
          })
          .returning();
        // The same ledger row the payment event writes (docs/decisions/130-ledger.md).
        await recordGiftPaid(
          tx,
          { donationId: donation!.id, partyId: party!.id, organizationId: orgId(p.org), amountCents: g.reais * 100 },
          // With the fee the sandbox simulates on a card payment (decision 206).
          {
            provider: "sandbox",
            providerEventId: `demo_evt_${p.code}_${i}`,
            occurredAt: at,
            providerFeeCents: providerFeeOf(cardFee, g.reais * 100),
          },
          feePercent,
        );
        await tx.insert(schema.donationStatusHistory).values([
          { donationId: donation!.id, fromStatus: null, toStatus: "pendente", occurredAt: at },
          {
            donationId: donation!.id,
            fromStatus: "pendente",
            toStatus: "paga",
            providerEventId: `demo_evt_${p.code}_${i}`,
            occurredAt: at,
          },
        ]);
      }
    }
    const partyIds = await tx
      .select({ id: schema.parties.id, code: schema.parties.shareCode, org: schema.parties.organizationId })
      .from(schema.parties);
    for (const [i, g] of DEMO_UNPAID_GIFTS.entries()) {
      const party = partyIds.find((x) => x.code === g.party)!;
      await tx.insert(schema.donations).values({
        partyId: party.id,
        organizationId: party.org,
        amountCents: g.reais * 100,
        status: g.status,
        donorName: g.name,
        donorEmail: `pendente${i}@exemplo.com.br`,
        provider: "sandbox",
        providerCheckoutId: `demo_unpaid_${i}`,
      });
    }

    // A few monthly givers so "assinantes ativos" is real on a fresh install; their charges go to the main charity.
    const mainId = orgs.find((o) => o.isMain)?.id ?? null;
    const plans = [
      { user: 1, plan: "prata" as const, cents: 5000 },
      { user: 2, plan: "ouro" as const, cents: 7000 },
    ];
    for (const [i, s] of plans.entries()) {
      const [sub] = await tx
        .insert(schema.subscriptions)
        .values({
          userId: userIds[s.user]!,
          plan: s.plan,
          status: "active",
          provider: "sandbox",
          providerCustomerId: `demo_cus_${i}`,
          providerSubscriptionId: `demo_sub_${i}`,
          currentPeriodEnd: daysAgo(-20),
          lastEventAt: daysAgo(10),
          confirmationSentAt: daysAgo(40),
        })
        .returning();
      await tx
        .insert(schema.billingCustomers)
        .values({ userId: userIds[s.user]!, provider: "sandbox", providerCustomerId: `demo_cus_${i}` });
      const charges = await tx
        .insert(schema.subscriptionCharges)
        .values([
          {
            subscriptionId: sub!.id,
            providerInvoiceId: `demo_in_${i}_1`,
            amountCents: s.cents,
            paidAt: daysAgo(40),
            organizationId: mainId,
          },
          {
            subscriptionId: sub!.id,
            providerInvoiceId: `demo_in_${i}_2`,
            amountCents: s.cents,
            paidAt: daysAgo(10),
            organizationId: mainId,
          },
        ])
        .returning();
      for (const charge of charges) {
        await recordSubscriptionChargePaid(
          tx,
          { chargeId: charge.id, amountCents: charge.amountCents, organizationId: mainId },
          {
            provider: "sandbox",
            providerEventId: `demo_evt_${charge.providerInvoiceId}`,
            occurredAt: charge.paidAt,
            providerFeeCents: providerFeeOf(cardFee, charge.amountCents),
          },
          feePercent,
        );
      }
    }
  });
}

function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000);
}
