/**
 * Pix gifts (docs/decisions/150-pix.md): the charge a donor pays from our own page
 * (/doar/pix/:ref), a new one when the code expired (same gift, new txid), and the "Já paguei"
 * re-read. The gift itself is created by checkout.server.ts like a card gift; only a payment event
 * (webhook, or the PSP's own record re-read here) marks it paid.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import { truncateText } from "~/platform/text";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { rateLimitSubject } from "~/platform/http/client-ip.server";
import { institutionSummary } from "~/domain/organizations";
import { MAIN_INSTITUTION_ID_SQL } from "~/domain/organizations/index.server";
import type { PaymentProvider } from "~/domain/payments";
import { centsToPixValue, pixReceivedEvent, pixTxid } from "~/domain/payments/index.server";
import { type EventDeps, processPaymentEvent } from "./payment-events.server";
import { isUuid } from "./donations.server";
import { hasFlaggedPixPayment } from "./pix-payments.server";

const { donations, pixCharges, parties, organizations } = schema;

// ---- the page's reference: the gift's id and a signature, so nobody reaches a gift by guessing ----

const refSignature = (secret: string, donationId: string) =>
  createHmac("sha256", secret).update(`pix-page:${donationId}`).digest().subarray(0, 16).toString("base64url");

export function pixPageRef(donationId: string, secret: string) {
  return `${donationId}.${refSignature(secret, donationId)}`;
}

/** The gift's id when `ref` is one we signed, else null. */
export function verifyPixPageRef(ref: string | undefined, secret: string): string | null {
  if (!ref || ref.length > 80) return null;
  const [id, sig] = ref.split(".");
  if (!id || !sig || !isUuid(id)) return null;
  const expected = Buffer.from(refSignature(secret, id));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export const pixPagePath = (donationId: string, secret: string) => `/doar/pix/${pixPageRef(donationId, secret)}`;

// ---- reading the gift for its page ----

/**
 * What the Pix page shows: the amount charged (the gift plus any fee the donor covers, decision
 * 216), where it goes, who receives it, the current code. Never the donor's e-mail.
 */
export async function findPixGift(donationId: string) {
  const [row] = await db
    .select({
      id: donations.id,
      amountCents: sql<number>`${donations.amountCents} + ${donations.feeCoveredCents}`.mapWith(Number),
      status: donations.status,
      provider: donations.provider,
      paymentMethod: donations.paymentMethod,
      receiptNumber: donations.receiptNumber,
      receiptCode: donations.receiptCode,
      partyCode: parties.shareCode,
      partyName: parties.name,
      orgName: organizations.name,
      orgSlug: organizations.slug,
      orgCnpj: organizations.cnpj,
      orgCity: organizations.city,
      orgState: organizations.state,
      orgVerifiedAt: organizations.verifiedAt,
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    // The gift's institution, else its party's, else the main charity.
    .leftJoin(
      organizations,
      sql`${organizations.id} = coalesce(${donations.organizationId}, ${parties.organizationId}, ${sql.raw(MAIN_INSTITUTION_ID_SQL)})`,
    )
    .where(and(eq(donations.id, donationId), eq(donations.paymentMethod, "pix")))
    .limit(1);
  if (!row) return null;
  const [charge] = await db
    .select({ txid: pixCharges.txid, copyPaste: pixCharges.copyPaste, expiresAt: pixCharges.expiresAt })
    .from(pixCharges)
    .where(eq(pixCharges.donationId, donationId))
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  const institution = institutionSummary({
    name: row.orgName,
    slug: row.orgSlug,
    cnpj: row.orgCnpj,
    city: row.orgCity,
    state: row.orgState,
    verifiedAt: row.orgVerifiedAt,
  });
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    provider: row.provider,
    partyCode: row.partyCode,
    receiptNumber: row.receiptNumber,
    receiptCode: row.receiptCode,
    destination: row.partyName ?? row.orgName ?? "Festa Solidária",
    institution,
    charge: charge ?? null,
    flagged: row.status === "pendente" ? await hasFlaggedPixPayment(row.id) : false,
  };
}
export type PixGift = NonNullable<Awaited<ReturnType<typeof findPixGift>>>;

// ---- charges ----

export type PixChargeDeps = { provider: PaymentProvider; config: Config; clock: Clock };

/**
 * The code the donor should pay now: the latest charge while it is valid, else a new one (same
 * gift, new txid). A PSP failure throws CheckoutError (pt-BR message); the next try asks for the
 * same txid, so a charge the PSP created without answering us is found, not duplicated.
 */
export async function ensurePixCharge(
  gift: Pick<PixGift, "id" | "amountCents" | "destination" | "charge" | "status">,
  deps: PixChargeDeps,
) {
  const now = deps.clock.now();
  if (gift.charge && gift.charge.expiresAt.getTime() > now.getTime() + 60_000) return gift.charge;
  if (gift.status !== "pendente") return gift.charge;
  const { provider, config } = deps;
  if (!provider.createPixCharge) throw new Error(`o provedor ${provider.name} não gera Pix`);
  const [{ n }] = (await db.select({ n: count() }).from(pixCharges).where(eq(pixCharges.donationId, gift.id))) as [{ n: number }];
  const txid = pixTxid(config.APP_SECRET, gift.id, Number(n), provider.pixTxidLength ?? 32);
  const charge = await provider.createPixCharge({
    donationId: gift.id,
    txid,
    amountCents: gift.amountCents,
    expiresInSeconds: config.PIX_EXPIRY_MINUTES * 60,
    description: truncateText(`Doação para ${gift.destination}`, 140),
    now,
  });
  await db
    .insert(pixCharges)
    .values({ ...charge, donationId: gift.id, provider: provider.name, amountCents: gift.amountCents })
    .onConflictDoNothing({ target: pixCharges.txid });
  return { txid: charge.txid, copyPaste: charge.copyPaste, expiresAt: charge.expiresAt };
}

/**
 * How often "Já paguei" may ask the PSP (issue 31: 100 posts made 100 PSP calls). A person taps it
 * a few times while the bank app finishes; a party's guests share a Wi-Fi address, so the address
 * allows many gifts' worth. Past either, the page says to wait: the webhook still settles the gift
 * and the page follows it live.
 */
export const PIX_CHECKS_PER_GIFT = { limit: 6, windowSeconds: 10 * 60 };
export const PIX_CHECKS_PER_IP = { limit: 60, windowSeconds: 10 * 60 };

/**
 * "Já paguei": asks the PSP for the charges' Pix (when it keeps a record: the sandbox's word is
 * only its webhook) and applies each through the same event code as the webhook.
 */
async function refreshPixGift(donationId: string, provider: PaymentProvider | null, deps: EventDeps) {
  if (!provider?.getPixCharge) return;
  const charges = await db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(and(eq(pixCharges.donationId, donationId), eq(pixCharges.provider, provider.name)))
    .orderBy(desc(pixCharges.createdAt))
    .limit(5);
  for (const { txid } of charges) {
    const status = await provider.getPixCharge(txid);
    for (const p of status?.payments ?? []) {
      const event = pixReceivedEvent(
        provider.name,
        {
          endToEndId: p.endToEndId,
          txid,
          valor: centsToPixValue(p.amountCents),
          horario: p.paidAt.toISOString(),
        },
        provider.pixFee ?? null,
      );
      await processPaymentEvent(event, deps);
    }
  }
}

export type PixCheckOutcome = "checked" | "settled" | "limited";

/**
 * The page's "Já paguei" (issue 31): a gift that is no longer pending (paid, refunded, contested,
 * closed) has nothing to ask the PSP; otherwise the check counts against the gift and the address
 * (shared counters, rate-limit.server.ts) and, within both, re-reads the charge.
 */
export async function checkPixGiftPaid(
  gift: { id: string; status: string },
  input: { provider: PaymentProvider | null; clientIp: string },
  deps: EventDeps,
): Promise<PixCheckOutcome> {
  if (gift.status !== "pendente") return "settled";
  const perGift = await hitRateLimit(`pix-check:gift:${gift.id}`, PIX_CHECKS_PER_GIFT.limit, PIX_CHECKS_PER_GIFT.windowSeconds);
  if (!perGift.allowed) return "limited";
  const perIp = await hitRateLimit(
    `pix-check:ip:${rateLimitSubject(input.clientIp)}`,
    PIX_CHECKS_PER_IP.limit,
    PIX_CHECKS_PER_IP.windowSeconds,
  );
  if (!perIp.allowed) return "limited";
  await refreshPixGift(gift.id, input.provider, deps);
  return "checked";
}

/** The sandbox's "let it expire": ends the current code now (sandbox charges only). */
export async function expireSandboxPixCharge(txid: string, now: Date) {
  await db
    .update(pixCharges)
    .set({ expiresAt: now })
    .where(and(eq(pixCharges.txid, txid), eq(pixCharges.provider, "sandbox")));
}

/** The sandbox's bank page: the charge and its gift (amount, where it goes). */
export async function findSandboxPixCharge(txid: string) {
  const [row] = await db
    .select({
      txid: pixCharges.txid,
      amountCents: pixCharges.amountCents,
      expiresAt: pixCharges.expiresAt,
      copyPaste: pixCharges.copyPaste,
      donationId: pixCharges.donationId,
      status: donations.status,
      destination: sql<string>`coalesce(${parties.name}, ${organizations.name}, 'Festa Solidária')`,
    })
    .from(pixCharges)
    .innerJoin(donations, eq(donations.id, pixCharges.donationId))
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(and(eq(pixCharges.txid, txid), eq(pixCharges.provider, "sandbox")))
    .limit(1);
  return row ?? null;
}
