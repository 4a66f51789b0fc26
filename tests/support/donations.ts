import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import type { DonationEventAction, DonationPaymentEvent, ProviderName } from "~/domain/payments/types";
import { createPendingDonation, expireStalePendingDonations, linkDonationCheckout } from "~/domain/donations/donations.server";
import { insertCause, insertParty, insertUser } from "./parties";
import { renderQueuedEmails } from "~/platform/mail/outbox.server";
import { renderQueuedDonationEmail } from "~/domain/donations/index.server";
import { devolucaoSchema, pixDevolucaoEvents } from "~/domain/payments/pix-events.server";
import type { z } from "zod";

/** A creator (with e-mail), a cause, an NGO and a live party. */
export async function givingSetup(overrides: { partyName?: string } = {}) {
  const owner = await insertUser("Mariana Costa");
  const cause = await insertCause();
  // One main institution at most (a unique index): a second setup in a shared database adds a plain one.
  const [existingMain] = await db
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(eq(schema.organizations.isMain, true));
  const [org] = await db
    .insert(schema.organizations)
    .values({
      name: "AADORA",
      slug: `org-${randomUUID().slice(0, 8)}`,
      causeId: cause.id,
      city: "Belo Horizonte",
      state: "MG",
      description: "Apoio",
      isMain: !existingMain,
    })
    .returning();
  const party = await insertParty({
    userId: owner.id,
    causeId: cause.id,
    organizationId: org!.id,
    name: overrides.partyName ?? "Aniversário da Ana",
  });
  const [ownerRow] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, owner.id));
  return { owner: { ...owner, email: ownerRow!.email }, cause, org: org!, party };
}

/** A pending gift linked to a checkout, as /doar leaves it. */
export async function insertPendingGift(
  partyId: string | null,
  gift: {
    amountCents?: number;
    provider?: ProviderName;
    donorName?: string | null;
    donorEmail?: string | null;
    message?: string | null;
    anonymous?: boolean;
    organizationId?: string | null;
    /** "Em homenagem a …" (decision 214). */
    honoree?: { name: string; email?: string | null; showsAmount?: boolean; onPartyPage?: boolean };
    /** "Quero cobrir a taxa" ticked, with the fee the server computed (decision 216). */
    feeCoveredCents?: number;
  } = {},
) {
  const provider = gift.provider ?? "sandbox";
  const created = await createPendingDonation({
    partyId,
    organizationId: gift.organizationId ?? null,
    userId: null,
    amountCents: gift.amountCents ?? 5000,
    anonymous: gift.anonymous ?? false,
    donorName: gift.donorName === undefined ? "Beatriz Lima" : gift.donorName,
    donorEmail: gift.donorEmail === undefined ? "beatriz@exemplo.com.br" : gift.donorEmail,
    message: gift.message ?? null,
    provider,
    idempotencyKey: `test_${randomUUID()}`,
    ...(gift.feeCoveredCents ? { coversFee: true, feeCoveredCents: gift.feeCoveredCents } : {}),
    ...(gift.honoree
      ? {
          honoreeName: gift.honoree.name,
          honoreeEmail: gift.honoree.email ?? null,
          honoreeShowsAmount: gift.honoree.showsAmount ?? false,
          honoreeOnPartyPage: gift.honoree.onPartyPage ?? false,
        }
      : {}),
  });
  const checkoutId = provider === "sandbox" ? `cs_sbx_${randomUUID().replace(/-/g, "")}` : `cs_test_${randomUUID().replace(/-/g, "")}`;
  await linkDonationCheckout(created.id, checkoutId);
  return { id: created.id, checkoutId, amountCents: gift.amountCents ?? 5000 };
}

let eventCounter = 0;

/** A normalized provider event for a gift, as a provider's parseWebhook would produce. */
export function donationEvent(
  gift: { id: string; checkoutId: string },
  action: DonationEventAction,
  options: {
    id?: string;
    provider?: ProviderName;
    occurredAt?: Date;
    paymentId?: string;
    /** On `refunded`: the provider's refund (absent: "the whole payment was refunded"). */
    refund?: { refundId: string; amountCents: number };
  } = {},
): DonationPaymentEvent {
  return {
    kind: "donation",
    id: options.id ?? `evt_test_${++eventCounter}_${randomUUID().slice(0, 8)}`,
    provider: options.provider ?? "sandbox",
    type: `test.${action}`,
    occurredAt: options.occurredAt ?? new Date(),
    action,
    ref: { donationId: gift.id, checkoutId: gift.checkoutId, paymentId: options.paymentId ?? null },
    paymentId: options.paymentId ?? null,
    ...(options.refund ? { refund: options.refund } : {}),
  };
}

/** Backdates the gifts `ids` by 25 hours and runs our expiry of pending gifts older than a day. */
export async function expireAsStale(...ids: string[]) {
  await db
    .update(schema.donations)
    .set({ createdAt: sql`now() - interval '25 hours'` })
    .where(inArray(schema.donations.id, ids));
  return expireStalePendingDonations(new Date(Date.now() - 24 * 3600 * 1000));
}

export async function donationRow(id: string) {
  const [row] = await db.select().from(schema.donations).where(eq(schema.donations.id, id));
  return row!;
}

export async function partyTotals(partyId: string) {
  const [row] = await db
    .select({ raisedCents: schema.parties.raisedCents, paidCount: schema.parties.paidCount })
    .from(schema.parties)
    .where(eq(schema.parties.id, partyId));
  return row!;
}

export async function historyOf(donationId: string) {
  return db
    .select()
    .from(schema.donationStatusHistory)
    .where(eq(schema.donationStatusHistory.donationId, donationId))
    .orderBy(schema.donationStatusHistory.createdAt, schema.donationStatusHistory.occurredAt);
}

/** The outbox as the worker sends it: messages queued unrendered are rendered first. */
export async function outboxEmails() {
  await renderQueuedEmails(renderQueuedDonationEmail);
  return db.select().from(schema.emailOutbox).orderBy(schema.emailOutbox.createdAt);
}

/** A pending Pix gift with its first charge (the sandbox's BR Code), as /doar leaves it. */
export async function insertPendingPixGift(
  partyId: string | null,
  options: { amountCents?: number; expiresInMinutes?: number; provider?: "sandbox" | "pix"; organizationId?: string | null } = {},
) {
  const amountCents = options.amountCents ?? 5000;
  const provider = options.provider ?? "sandbox";
  const created = await createPendingDonation({
    partyId,
    organizationId: options.organizationId ?? null,
    userId: null,
    amountCents,
    anonymous: false,
    donorName: "Beatriz Lima",
    donorEmail: "beatriz@exemplo.com.br",
    message: null,
    provider,
    paymentMethod: "pix",
    idempotencyKey: `test_${randomUUID()}`,
  });
  const txid = randomUUID().replace(/-/g, "").slice(0, 25);
  const expiresAt = new Date(Date.now() + (options.expiresInMinutes ?? 30) * 60_000);
  await db
    .insert(schema.pixCharges)
    .values({ txid, donationId: created.id, provider, amountCents, copyPaste: `000201-test-${txid}`, expiresAt });
  return { id: created.id, txid, amountCents, expiresAt };
}

let e2eCounter = 0;
/** A Pix received for a charge, as a provider's parseWebhook would produce it (event id = end-to-end id). */
export function pixEvent(
  charge: { txid: string; amountCents: number },
  options: { endToEndId?: string; amountCents?: number; paidAt?: Date; provider?: "sandbox" | "pix" } = {},
): DonationPaymentEvent {
  const endToEndId = options.endToEndId ?? `E00000000202611250000${String(++e2eCounter).padStart(6, "0")}${randomUUID().slice(0, 5)}`;
  return {
    kind: "donation",
    id: endToEndId,
    provider: options.provider ?? "sandbox",
    type: "pix",
    occurredAt: options.paidAt ?? new Date(),
    action: "paid",
    ref: {},
    paymentId: endToEndId,
    pix: { txid: charge.txid, endToEndId, amountCents: options.amountCents ?? charge.amountCents },
  };
}

/**
 * One step of what happened to a gift at the provider, for the property tests: an action, or a
 * refund of part of the gift (30%) or of the rest, each under its own refund id.
 */
export type Step = DonationEventAction | "refund-part" | "refund-rest";

const partOf = (amountCents: number) => Math.floor(amountCents * 0.3);

/** The provider event of one step. */
export function stepEvent(
  gift: { id: string; checkoutId: string; amountCents: number },
  step: Step,
  extra: { paymentId?: string; occurredAt?: Date } = {},
) {
  if (step === "refund-part" || step === "refund-rest") {
    const part = partOf(gift.amountCents);
    const amountCents = step === "refund-part" ? part : gift.amountCents - part;
    return donationEvent(gift, "refunded", { ...extra, refund: { refundId: `re_${step}_${gift.id}`, amountCents } });
  }
  return donationEvent(gift, step, extra);
}

/** The steps a Pix gift can take: paid, then devoluções (ours, in full or in parts) or a MED; no "failed" nor "won". */
export const isPixHistory = (steps: readonly Step[]) =>
  steps.every((s) => s === "paid" || s === "refunded" || s === "refund-part" || s === "refund-rest" || s === "disputed");

/**
 * A Pix gift's history as the PSP's webhook bodies (docs/decisions/150-pix.md): the Pix with every
 * devolução settled so far (a MED is a devolução of nature `MED_*`), one body per step, each read
 * by pixReceivedEvent / pixDevolucaoEvents as a webhook is. A devolução never arrives without its Pix.
 */
export function pixStepBodies(charge: { txid: string; amountCents: number }, steps: readonly Step[], at: () => Date) {
  const paid = pixEvent(charge, { paidAt: at() });
  const endToEndId = paid.id;
  const part = partOf(charge.amountCents);
  const devolucoes: Array<z.infer<typeof devolucaoSchema>> = [];
  let refunded = 0;
  return steps.map((step) => {
    if (step !== "paid") {
      const cents = step === "refund-part" ? part : charge.amountCents - refunded;
      const liquidacao = at().toISOString();
      devolucoes.push({
        id: `D${step.replace("-", "")}${charge.txid}`.slice(0, 35),
        valor: (cents / 100).toFixed(2),
        status: "DEVOLVIDO",
        natureza: step === "disputed" ? "MED_FRAUDE" : "ORIGINAL",
        horario: { solicitacao: liquidacao, liquidacao },
      });
      if (step !== "disputed") refunded += cents;
    }
    const taken = pixDevolucaoEvents("sandbox", { endToEndId, horario: paid.occurredAt.toISOString(), devolucoes: [...devolucoes] });
    return [paid, ...(taken as DonationPaymentEvent[])];
  });
}

/** What a party keeps of a gift: all of it, all but the part refunded, or nothing. */
export function countedCents(amountCents: number, counted: "all" | "part-refunded" | "none") {
  return counted === "all" ? amountCents : counted === "part-refunded" ? amountCents - partOf(amountCents) : 0;
}
