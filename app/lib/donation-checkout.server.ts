/**
 * The server side of "Doar": validate everything again, decide the amount in centavos, create
 * the gift as `pendente`, and ask the provider for a checkout page. Nothing the browser sends
 * besides the form's own fields is read (a forged `amount` or `status` has no effect).
 */
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { getConfig } from "~/config.server";
import { rateLimitSubject } from "~/lib/client-ip.server";
import { DONATION_MESSAGES, type DonationFormErrors, isPlausibleEmail, MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH, parseDonationAmount } from "~/lib/donation-form";
import { logger } from "~/lib/logger.server";
import { createPendingDonation, linkDonationCheckout } from "~/models/donation.server";
import { getMainOrganization } from "~/models/organizations.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { getPaymentProvider } from "./payments/provider.server";
import { CheckoutError } from "./payments/types";
import { resolveGiftTarget } from "./donation-target.server";

/** Card testers fire bursts: per address, and per party so a party cannot be used as a tester's bench. */
export const DONATION_RATE_LIMITS = {
  perIp: { limit: 8, windowSeconds: 600 },
  perParty: { limit: 100, windowSeconds: 600 },
};

const field = (max: number) => z.string().max(max).optional().default("");
const formSchema = z.object({
  preset: field(20),
  valorPersonalizado: field(40),
  anonima: field(10),
  nome: field(MAX_NAME_LENGTH * 4),
  email: field(400),
  mensagem: field(MAX_MESSAGE_LENGTH * 4),
  festa: field(64),
  chave: field(100),
});

export type StartDonationResult = { ok: true; url: string; donationId: string } | { ok: false; status: number; errors: DonationFormErrors };

export async function startDonation(formData: FormData, context: { clientIp: string; userId: string | null }): Promise<StartDonationResult> {
  const raw = Object.fromEntries(["preset", "valorPersonalizado", "anonima", "nome", "email", "mensagem", "festa", "chave"].map((k) => [k, typeof formData.get(k) === "string" ? formData.get(k) : undefined]));
  const parsed = formSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, errors: { form: DONATION_MESSAGES.invalidAmount } };
  const input = parsed.data;

  const errors: DonationFormErrors = {};
  const amount = parseDonationAmount({ preset: input.preset, custom: input.valorPersonalizado });
  if (!amount.ok) errors.valor = amount.error;

  const anonymous = input.anonima === "on" || input.anonima === "true";
  const name = input.nome.trim().replace(/\s+/g, " ");
  const email = input.email.trim().toLowerCase();
  if (!anonymous && (!name || !email)) errors.doador = DONATION_MESSAGES.missingDonor;
  else if (email && !isPlausibleEmail(email)) errors.email = DONATION_MESSAGES.invalidEmail;
  if (!anonymous && name.length > MAX_NAME_LENGTH) errors.nome = DONATION_MESSAGES.nameTooLong;
  const message = input.mensagem.trim();
  if (message.length > MAX_MESSAGE_LENGTH) errors.mensagem = DONATION_MESSAGES.messageTooLong;

  const target = await resolveGiftTarget(input.festa || null);
  if (!target.ok) errors.festa = target.error;
  if (Object.keys(errors).length > 0 || !amount.ok || !target.ok) return { ok: false, status: 400, errors };

  for (const [key, { limit, windowSeconds }] of [
    [`donation:ip:${rateLimitSubject(context.clientIp)}`, DONATION_RATE_LIMITS.perIp],
    [`donation:party:${target.party?.id ?? "main"}`, DONATION_RATE_LIMITS.perParty],
  ] as const) {
    const hit = await hitRateLimit(key, limit, windowSeconds);
    if (!hit.allowed) return { ok: false, status: 429, errors: { form: DONATION_MESSAGES.rateLimited } };
  }

  const config = getConfig();
  const provider = getPaymentProvider(config);
  const values = {
    partyId: target.party?.id ?? null,
    organizationId: target.party ? target.party.organizationId : ((await getMainOrganization())?.id ?? null),
    userId: context.userId,
    amountCents: amount.cents,
    anonymous,
    donorName: anonymous ? null : name,
    donorEmail: email || null,
    message: message || null,
    provider: provider.name,
  };
  // The form carries a one-time key: the same form submitted twice is the same gift.
  const formKey = /^[A-Za-z0-9-]{8,64}$/.test(input.chave) ? input.chave : randomUUID();
  let donation = await createPendingDonation({ ...values, idempotencyKey: idempotencyKey(formKey, values) });
  if (donation.status !== "pendente") {
    // That submission was already paid or closed: this is a new gift.
    donation = await createPendingDonation({ ...values, idempotencyKey: idempotencyKey(randomUUID(), values) });
  }

  const festaQuery = target.party ? `?festa=${encodeURIComponent(target.party.code)}` : "";
  let session;
  try {
    session = await provider.createDonationCheckout({
      donationId: donation.id,
      amountCents: amount.cents,
      description: `Doação para ${target.party?.name ?? target.organizationName ?? "Festa Solidária"}`.slice(0, 200),
      customerEmail: values.donorEmail,
      successUrl: `${config.PUBLIC_URL}/doacao-sucesso${festaQuery}`,
      cancelUrl: `${config.PUBLIC_URL}/doacao-cancelada${festaQuery}`,
      idempotencyKey: `donation-${donation.id}`,
    });
  } catch (error) {
    const reason = error instanceof CheckoutError ? error.message : DONATION_MESSAGES.paymentFailed;
    logger.error({ donationId: donation.id, error: (error as Error).message }, "checkout failed");
    // The gift stays `pendente` and the expiry job closes it; a retry reuses it.
    return { ok: false, status: 502, errors: { form: `${reason}${DONATION_MESSAGES.retrySuffix}` } };
  }
  if (!session.url) return { ok: false, status: 502, errors: { form: DONATION_MESSAGES.missingUrl } };
  await linkDonationCheckout(donation.id, session.checkoutId);
  return { ok: true, url: session.url, donationId: donation.id };
}

function idempotencyKey(formKey: string, values: object): string {
  return `don_${createHash("sha256").update(formKey).update(JSON.stringify(values)).digest("hex").slice(0, 48)}`;
}
