import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { notifyDonationPaid } from "~/domain/donations/live-events.server";
import { applyPaidDelta } from "~/domain/parties/party-totals.server";
import { cnpjCheckDigits } from "~/domain/organizations/cnpj";
import { recordGiftPaid } from "~/domain/ledger/ledger.server";
import { getConfig } from "~/platform/config.server";

/** A bare user row (no password): enough to own parties in model tests. */
export async function insertUser(name = "Festeira Teste") {
  const id = randomUUID();
  await db.insert(schema.user).values({ id, name, email: `${id}@exemplo.com.br` });
  return { id, name };
}

export async function insertCause(overrides: Partial<typeof schema.causes.$inferInsert> = {}) {
  const [cause] = await db
    .insert(schema.causes)
    .values({ name: "Doenças Raras", description: "Apoio a famílias", icon: "🧬", ...overrides })
    .returning();
  return cause!;
}

let institutionCounter = 0;

/**
 * An institution of `causeId` that may receive parties and gifts: active and verified (pass
 * `verifiedAt: null` or `active: false` for one that may not). Its fictitious CNPJ has valid check digits.
 */
export async function insertInstitution(causeId: string, overrides: Partial<typeof schema.organizations.$inferInsert> = {}) {
  const n = ++institutionCounter;
  const [org] = await db
    .insert(schema.organizations)
    .values({
      name: `Instituto Teste ${n}`,
      slug: `instituto-teste-${n}-${randomUUID().slice(0, 6)}`,
      causeId,
      city: "Contagem",
      state: "MG",
      description: "Apoio",
      cnpj: cnpjFor(n),
      verifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return org!;
}

/** A 14-digit CNPJ with valid check digits, different for each `n`. */
function cnpjFor(n: number) {
  const base = `${String(n).padStart(4, "0")}${String(Date.now() % 1e4).padStart(4, "0")}0001`;
  return base + cnpjCheckDigits(base);
}

let codeCounter = 0;

/** A party inserted directly (bypassing the form rules), e.g. with a past event date. */
export async function insertParty(overrides: Partial<typeof schema.parties.$inferInsert> & { userId: string; causeId: string }) {
  const code = overrides.shareCode ?? `t${(++codeCounter).toString(36).padStart(4, "0")}`.slice(-5);
  const [party] = await db
    .insert(schema.parties)
    .values({
      name: "Aniversário da Ana",
      eventType: "Aniversário",
      eventDate: addCalendarDays(todayInSaoPaulo(), 10),
      shareCode: code,
      shareLink: `http://localhost:3000/festa/${code}`,
      ...overrides,
    })
    .returning();
  return party!;
}

/**
 * Records a paid gift the way the donations code does: row, history, ledger row, totals and NOTIFY
 * in one transaction (the listeners hear of it on commit).
 */
export async function insertPaidGift(
  partyId: string | null,
  gift: {
    amountCents?: number;
    name?: string | null;
    email?: string;
    message?: string | null;
    createdAt?: Date;
    feePercent?: number;
    /** A gift without a party: the institution it is for (none: the main charity). */
    organizationId?: string | null;
  } = {},
) {
  const amountCents = gift.amountCents ?? 5000;
  return db.transaction(async (tx) => {
    const [party] = partyId
      ? await tx
          .select({ userId: schema.parties.userId, organizationId: schema.parties.organizationId })
          .from(schema.parties)
          .where(eq(schema.parties.id, partyId))
      : [{ userId: null, organizationId: gift.organizationId ?? null }];
    const [donation] = await tx
      .insert(schema.donations)
      .values({
        partyId,
        organizationId: party!.organizationId,
        amountCents,
        status: "paga",
        anonymous: gift.name === null,
        donorName: gift.name === null ? null : (gift.name ?? "Convidado"),
        donorEmail: gift.email ?? "convidado@exemplo.com.br",
        message: gift.message ?? null,
        provider: "sandbox",
        providerCheckoutId: randomUUID(),
        // The payment id a paid event remembers (refunds name it).
        providerPaymentId: `pi_sbx_${randomUUID().replace(/-/g, "")}`,
        paidAt: gift.createdAt ?? new Date(),
        ...(gift.createdAt ? { createdAt: gift.createdAt } : {}),
      })
      .returning();
    // As a provider's "paid" event leaves it: the history row naming the event, and the ledger row.
    const event = { provider: "sandbox", providerEventId: `evt_test_paid_${donation!.id}`, occurredAt: donation!.paidAt! };
    await tx.insert(schema.donationStatusHistory).values({
      donationId: donation!.id,
      fromStatus: "pendente",
      toStatus: "paga",
      providerEventId: event.providerEventId,
      occurredAt: event.occurredAt,
    });
    const ledgerGift = { donationId: donation!.id, partyId, organizationId: party!.organizationId, amountCents };
    await recordGiftPaid(tx, ledgerGift, event, gift.feePercent ?? getConfig().PLATFORM_FEE_PERCENT);
    if (!partyId) return donation!;
    await applyPaidDelta(tx, partyId, amountCents, 1);
    if (party?.userId) {
      await notifyDonationPaid(tx, { donationId: donation!.id, partyId, ownerUserId: party.userId, amountCents });
    }
    return donation!;
  });
}
