/**
 * The gift a result page is about (decision 134). The checkout hands the provider two return
 * addresses that carry a signed reference to the gift (`?ref=`, HMAC with APP_SECRET for the
 * purpose "donation-result", 30 days): `/doacao-sucesso` reads its real status from it, and `/doar`
 * puts the form back after a declined or abandoned payment. Nothing else in those URLs is trusted,
 * and without a valid reference no page claims a gift.
 */
import { and, eq, sql } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import { institutionSummary } from "~/domain/organizations";
import type { DonationStatus } from "./donation-status";
import { PRESET_REAIS } from "./donation-form";
import type { FormResult } from "~/platform/forms/submission";

const { donations, parties, organizations, ledgerEntries } = schema;

const GIFT_REF_TTL_SECONDS = 30 * 24 * 3600;
/** /doar puts a refused gift's fields back only this long after it was started: a retry is immediate. */
const RETRY_PREFILL_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signGiftRef(donationId: string, now: Date): string {
  return signToken("donation-result", { g: donationId }, GIFT_REF_TTL_SECONDS, now);
}

export type GiftRef = { ok: true; donationId: string } | { ok: false; error: "missing" | "invalid" | "expired" };

export function verifyGiftRef(ref: string | null, now: Date): GiftRef {
  if (!ref) return { ok: false, error: "missing" };
  const verified = verifyToken<{ g?: unknown }>("donation-result", ref, now);
  if (!verified.ok) return verified;
  const id = verified.data?.g;
  return typeof id === "string" && UUID.test(id) ? { ok: true, donationId: id } : { ok: false, error: "invalid" };
}

/** Where the provider sends the donor back: the result page, or /doar (same party or institution) to try again. */
export function giftReturnUrls(input: { publicUrl: string; donationId: string; festa: string | null; ong: string | null; now: Date }) {
  const ref = encodeURIComponent(signGiftRef(input.donationId, input.now));
  const target = input.festa ? `festa=${encodeURIComponent(input.festa)}&` : input.ong ? `ong=${encodeURIComponent(input.ong)}&` : "";
  return {
    successUrl: `${input.publicUrl}/doacao-sucesso?ref=${ref}`,
    cancelUrl: `${input.publicUrl}/doar?${target}ref=${ref}`,
  };
}

/** What the result page shows of a gift: its status, amount, party and institution (the ledger's once paid). */
export async function findGiftOutcome(donationId: string) {
  const [row] = await db
    .select({
      id: donations.id,
      status: donations.status,
      amountCents: donations.amountCents,
      receiptNumber: donations.receiptNumber,
      partyName: parties.name,
      partyCode: parties.shareCode,
      org: {
        name: organizations.name,
        slug: organizations.slug,
        cnpj: organizations.cnpj,
        city: organizations.city,
        state: organizations.state,
        verifiedAt: organizations.verifiedAt,
      },
    })
    .from(donations)
    .leftJoin(parties, eq(parties.id, donations.partyId))
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.donationId, donations.id), eq(ledgerEntries.kind, "gift_paid")))
    // The institution the money went to (the ledger row's), else the one the gift or its party names.
    .leftJoin(
      organizations,
      eq(organizations.id, sql`coalesce(${ledgerEntries.organizationId}, ${donations.organizationId}, ${parties.organizationId})`),
    )
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as DonationStatus,
    amountCents: row.amountCents,
    receiptNumber: row.receiptNumber,
    party: row.partyName && row.partyCode ? { name: row.partyName, code: row.partyCode } : null,
    institution: institutionSummary(row.org),
  };
}

/**
 * The form of a gift that was not paid, to put back on /doar after a declined card or a donor
 * who came back from the provider: amount, name, e-mail, message, as the donor typed them. Only
 * for a gift still open or just refused, and only within RETRY_PREFILL_MS of its start.
 */
async function findRetryForm(donationId: string, now: Date) {
  const [gift] = await db
    .select({
      status: donations.status,
      amountCents: donations.amountCents,
      anonymous: donations.anonymous,
      donorName: donations.donorName,
      donorEmail: donations.donorEmail,
      message: donations.message,
      paymentMethod: donations.paymentMethod,
      coversFee: donations.coversFee,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!gift || !["pendente", "falhou", "cancelada"].includes(gift.status)) return null;
  if (now.getTime() - gift.createdAt.getTime() > RETRY_PREFILL_MS) return null;
  const reais = gift.amountCents / 100;
  const preset = gift.amountCents % 100 === 0 && (PRESET_REAIS as readonly number[]).includes(reais) ? String(reais) : "";
  const values: Record<string, string> = {
    preset,
    valorPersonalizado: preset ? "" : (gift.amountCents / 100).toFixed(2).replace(".", ","),
    nome: gift.anonymous ? "" : (gift.donorName ?? ""),
    email: gift.donorEmail ?? "",
    mensagem: gift.message ?? "",
    // A declined card comes back on "Cartão", not on /doar's default (Pix).
    metodo: gift.paymentMethod === "pix" ? "Pix" : "Cartão",
  };
  if (gift.anonymous) values.anonima = "on";
  // The donor's own choice kept (decision 216), never set by us.
  if (gift.coversFee) values.cobrirTaxa = "on";
  return { declined: gift.status === "falhou", values };
}

export const RETRY_MESSAGES = {
  declined: "Pagamento recusado: nenhum valor foi cobrado. Confira os dados do cartão, ou use outro, e tente de novo.",
  notCompleted: "Pagamento não concluído: nenhum valor foi cobrado. Seus dados continuam aqui para você tentar de novo.",
} as const;

/**
 * /doar after the provider sent the donor back (`?ref=`): the refused gift's form as a Conform
 * reply — its fields as typed and a form message — so the page shows it like an action's answer
 * (no extra code in the page). Null without a valid, recent, unpaid gift behind the reference.
 */
export async function retryFormReply(search: URLSearchParams, now: Date): Promise<FormResult | null> {
  const ref = verifyGiftRef(search.get("ref"), now);
  if (!ref.ok) return null;
  const retry = await findRetryForm(ref.donationId, now);
  if (!retry) return null;
  const declined = retry.declined || search.get("pagamento") === "recusado";
  return {
    status: "error",
    initialValue: retry.values,
    error: { "": [declined ? RETRY_MESSAGES.declined : RETRY_MESSAGES.notCompleted] },
  };
}
