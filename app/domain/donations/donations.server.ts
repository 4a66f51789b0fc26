/**
 * Gifts before the provider's word: creating the pending row, linking it to its checkout,
 * looking it up for the sandbox page, and expiring the ones nobody paid.
 */
import { and, eq, lt, or, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { donations, donationStatusHistory, parties, causes, organizations } = schema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** What /doar needs to know about the party a gift is for (the rule on whether it accepts gifts lives with parties). */
export async function findPartyForDonation(codeOrId: string) {
  const key = codeOrId.trim().toLowerCase();
  const match = isUuid(key) ? or(eq(parties.id, key), eq(parties.shareCode, key)) : eq(parties.shareCode, key);
  const [row] = await db
    .select({
      id: parties.id,
      code: parties.shareCode,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      active: parties.active,
      organizationId: parties.organizationId,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      organizationCnpj: organizations.cnpj,
      organizationCity: organizations.city,
      organizationState: organizations.state,
      organizationVerifiedAt: organizations.verifiedAt,
      organizationActive: organizations.active,
      causeName: causes.name,
      causeImpact: causes.impactLines,
    })
    .from(parties)
    .leftJoin(organizations, eq(organizations.id, parties.organizationId))
    // The institution's cause is the party's (decision 165).
    .innerJoin(causes, eq(causes.id, sql`coalesce(${organizations.causeId}, ${parties.causeId})`))
    .where(match)
    .limit(1);
  return row ?? null;
}
export type PartyForDonation = NonNullable<Awaited<ReturnType<typeof findPartyForDonation>>>;

export type NewDonation = {
  partyId: string | null;
  organizationId: string | null;
  userId: string | null;
  amountCents: number;
  anonymous: boolean;
  donorName: string | null;
  donorEmail: string | null;
  message: string | null;
  provider: string;
  /** 'card' (the provider's hosted page) or 'pix' (our Pix page). */
  paymentMethod?: "card" | "pix";
  idempotencyKey: string;
  /** Keyed hash of the checkout's address (payment-abuse.server.ts), to count its declines. */
  abuseSubject?: string | null;
  /** "Quero receber notícias desta festa" (party gifts only). */
  wantsPartyNews?: boolean;
  /** The donor agreed to share name and e-mail with the institution (never on an anonymous gift). */
  sharesContact?: boolean;
  /** Under "Quero receber notícias desta festa", the host gets name and e-mail (decision 212; never anonymous). */
  sharesContactWithHost?: boolean;
  /** "Em homenagem a …" (decision 214): the honoree, their e-mail for the card, and the donor's two choices. */
  honoreeName?: string | null;
  honoreeEmail?: string | null;
  honoreeShowsAmount?: boolean;
  honoreeOnPartyPage?: boolean;
  /** "Quero cobrir a taxa" (decision 216) and the fee covered, computed by the server. */
  coversFee?: boolean;
  feeCoveredCents?: number;
  /** A sponsor paying a matching pledge (decision 220): never matched itself. */
  matchPledgeId?: string | null;
};

/**
 * Creates the gift as `pendente` with its first history row. The same idempotency key (a
 * double-submitted form) returns the gift created the first time instead of a second one.
 */
export async function createPendingDonation(
  values: NewDonation,
  executor: Executor = db,
): Promise<{ id: string; status: string; created: boolean }> {
  return executor.transaction(async (tx) => {
    const [created] = await tx
      .insert(donations)
      .values({ ...values, status: "pendente" })
      .onConflictDoNothing({ target: donations.idempotencyKey })
      .returning({ id: donations.id, status: donations.status, createdAt: donations.createdAt });
    if (created) {
      await tx
        .insert(donationStatusHistory)
        .values({ donationId: created.id, fromStatus: null, toStatus: "pendente", occurredAt: created.createdAt });
      return { id: created.id, status: created.status, created: true };
    }
    const [existing] = await tx
      .select({ id: donations.id, status: donations.status })
      .from(donations)
      .where(eq(donations.idempotencyKey, values.idempotencyKey));
    return { ...existing!, created: false };
  });
}

/** Remembers the provider's checkout id (only once: a replay returns the same id anyway). */
export async function linkDonationCheckout(donationId: string, checkoutId: string, executor: Executor = db) {
  await executor
    .update(donations)
    .set({ providerCheckoutId: checkoutId, updatedAt: sql`now()` })
    .where(and(eq(donations.id, donationId), sql`${donations.providerCheckoutId} is null`));
}

/** The gift behind a sandbox checkout page: what is charged (the fee covered included) and where it goes, never the donor's e-mail. */
export async function findDonationByCheckoutId(checkoutId: string) {
  const [row] = await db
    .select({
      id: donations.id,
      amountCents: sql<number>`${donations.amountCents} + ${donations.feeCoveredCents}`.mapWith(Number),
      status: donations.status,
      provider: donations.provider,
      checkoutId: donations.providerCheckoutId,
      partyCode: parties.shareCode,
      partyName: parties.name,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(eq(donations.providerCheckoutId, checkoutId))
    .limit(1);
  return row ?? null;
}

/**
 * Cancels gifts still `pendente` after the cutoff, with a history row each (no provider event:
 * that is how a later confirmation recognises our own expiry). Row by row under the same
 * `status = 'pendente'` guard the webhook uses, so a payment confirmed at the same moment wins
 * or loses cleanly, never both.
 */
export async function expireStalePendingDonations(
  cutoff: Date,
  { limit = 500, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(donations)
      .set({ status: "cancelada", statusChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(donations.status, "pendente"),
          sql`${donations.id} in (select id from ${donations} where ${donations.status} = 'pendente' and ${lt(donations.createdAt, cutoff)} order by ${donations.createdAt} limit ${limit} for update skip locked)`,
        ),
      )
      .returning({ id: donations.id });
    if (expired.length > 0) {
      await tx
        .insert(donationStatusHistory)
        .values(
          expired.map((d) => ({ donationId: d.id, fromStatus: "pendente" as const, toStatus: "cancelada" as const, occurredAt: now })),
        );
    }
    return expired.length;
  });
}
