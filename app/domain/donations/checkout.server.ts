/**
 * The server side of "Doar": validate everything again, decide the amount in centavos, create
 * the gift as `pendente`, and ask the provider for a checkout page. Nothing the browser sends
 * besides the form's own fields is read (a forged `amount` or `status` has no effect).
 */
import { createHash, randomUUID } from "node:crypto";
import { truncateText } from "~/platform/text";
import type { Config } from "~/platform/config.server";
import type { Clock } from "~/platform/clock";
import { DONATION_MESSAGES, donationSchema, paymentMethodOf } from "~/domain/donations/donation-form";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { logger } from "~/platform/logger.server";
import { createPendingDonation, linkDonationCheckout } from "~/domain/donations/donations.server";
import { abuseSubject, checkoutChallengeRequired, recordCheckoutStarted } from "~/domain/donations/payment-abuse.server";
import { CHALLENGE_FIELD, issueChallenge, verifyChallenge } from "~/platform/abuse/challenge.server";
import type { Challenge } from "altcha-lib";
import { CheckoutError, type PaymentProvider } from "~/domain/payments";
import { resolveGiftTarget } from "./gift-target.server";
import { ensurePixCharge, type PixChargeDeps, pixPagePath } from "./pix-checkout.server";
import { giftReturnUrls } from "./gift-result.server";
import { chargedCents, coveredFeeCents } from "./cover-fee";

export type StartDonationResult =
  { ok: true; url: string; donationId: string } | { ok: false; status: number; result: FormResult; challenge?: Challenge };

/** Who is giving and what the gift depends on: the provider for new checkouts, the configuration, the clock. */
export type StartDonationContext = {
  clientIp: string;
  userId: string | null;
  provider: PaymentProvider;
  /** Where Pix gifts go (payments.pix); null when Pix is not offered here. */
  pixProvider?: PaymentProvider | null;
  config: Config;
  clock: Clock;
};

export async function startDonation(formData: FormData, context: StartDonationContext): Promise<StartDonationResult> {
  const submission = parseFormSubmission(formData, donationSchema);
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };
  const input = submission.value;
  const refuse = (status: number, formError: string) => ({
    ok: false as const,
    status,
    result: submission.reply({ formErrors: [formError] }),
  });

  const target = await resolveGiftTarget({ festa: input.festa, ong: input.ong }, context.clock.now());
  if (!target.ok) return { ok: false, status: 400, result: submission.reply({ fieldErrors: { festa: [target.error] } }) };

  // Never refused for its address (crowds share one): past the card-testing thresholds the
  // visitor proves work instead (docs/decisions/102-abuse-limits.md).
  const subject = abuseSubject(context.clientIp);
  if (await checkoutChallengeRequired(subject, target.party?.id ?? target.organizationId ?? "main")) {
    const solution = formData.get(CHALLENGE_FIELD);
    const posted = typeof solution === "string" ? solution.slice(0, 4000) : "";
    if (!(await verifyChallenge(posted, "doar"))) {
      const failed = refuse(428, posted !== "" ? DONATION_MESSAGES.challengeFailed : DONATION_MESSAGES.challengeRequired);
      return { ...failed, challenge: await issueChallenge("doar") };
    }
  }
  await recordCheckoutStarted(subject);

  const { config } = context;
  const pix = paymentMethodOf(formData.get("metodo")) === "pix" && context.pixProvider ? context.pixProvider : null;
  const provider = pix ?? context.provider;
  const values = {
    partyId: target.party?.id ?? null,
    organizationId: target.organizationId,
    userId: context.userId,
    amountCents: input.amountCents,
    // Computed here, from the gift and the fee in force: nothing the browser says about it is read.
    coversFee: input.coversFee,
    feeCoveredCents: input.coversFee ? coveredFeeCents(input.amountCents, config.PLATFORM_FEE_PERCENT) : 0,
    anonymous: input.anonymous,
    donorName: input.donorName,
    donorEmail: input.donorEmail,
    message: input.message,
    provider: provider.name,
    paymentMethod: pix ? ("pix" as const) : ("card" as const),
    wantsPartyNews: input.wantsPartyNews && target.party !== null,
    sharesContact: input.sharesContact,
    sharesContactWithHost: input.sharesContactWithHost && target.party !== null,
    honoreeName: input.honoreeName,
    honoreeEmail: input.honoreeEmail,
    honoreeShowsAmount: input.honoreeShowsAmount,
    // Only a party page lists gifts.
    honoreeOnPartyPage: input.honoreeOnPartyPage && target.party !== null,
  };
  // The form carries a one-time key: the same form submitted twice is the same gift.
  const formKey = /^[A-Za-z0-9-]{8,64}$/.test(input.formKey) ? input.formKey : randomUUID();
  // The address is not part of the key: the same form resent from another network is the same gift.
  let donation = await createPendingDonation({ ...values, abuseSubject: subject, idempotencyKey: idempotencyKey(formKey, values) });
  if (donation.status !== "pendente") {
    // That submission was already paid or closed: this is a new gift.
    donation = await createPendingDonation({ ...values, abuseSubject: subject, idempotencyKey: idempotencyKey(randomUUID(), values) });
  }

  const totalCents = chargedCents(values.amountCents, values.feeCoveredCents);
  // Back from the provider: the result page or /doar, with a signed reference to this gift.
  const returnUrls = giftReturnUrls({
    publicUrl: config.PUBLIC_URL,
    donationId: donation.id,
    festa: target.party?.code ?? null,
    ong: target.ongSlug,
    now: context.clock.now(),
  });
  const destination = target.party?.name ?? target.organizationName ?? "Festa Solidária";
  const launched = await launchGiftCheckout(
    { donationId: donation.id, totalCents, destination, customerEmail: values.donorEmail, returnUrls },
    { provider, pix: pix !== null, config, clock: context.clock },
  );
  if (!launched.ok) return refuse(502, launched.message);
  return { ok: true, url: launched.url, donationId: donation.id };
}

/** A pending gift's checkout: what it charges (the server's figure), where it goes, where the provider sends the payer back. */
export type GiftCheckout = {
  donationId: string;
  totalCents: number;
  /** The party's or the institution's name, in the provider's description. */
  destination: string;
  customerEmail: string | null;
  returnUrls: { successUrl: string; cancelUrl: string };
};

/**
 * Opens the checkout of a gift already created as `pendente` — /doar's gifts and a sponsor's
 * payment of a pledge (decision 220) alike: the provider's hosted page for a card (the same gift,
 * the same idempotency key: a second call returns the same session), or our Pix page. A card
 * checkout the provider refused is a pt-BR message; the gift stays pending and a retry reuses it.
 */
export async function launchGiftCheckout(
  gift: GiftCheckout,
  deps: { provider: PaymentProvider; pix: boolean; config: Config; clock: Clock },
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const { provider, config } = deps;
  if (deps.pix)
    return {
      ok: true,
      url: await startPixGift(gift.donationId, gift.totalCents, gift.destination, { provider, config, clock: deps.clock }),
    };
  let session;
  try {
    session = await provider.createDonationCheckout({
      donationId: gift.donationId,
      amountCents: gift.totalCents,
      description: truncateText(`Doação para ${gift.destination}`, 200),
      customerEmail: gift.customerEmail,
      ...gift.returnUrls,
      idempotencyKey: `donation-${gift.donationId}`,
    });
  } catch (error) {
    const reason = error instanceof CheckoutError ? error.message : DONATION_MESSAGES.paymentFailed;
    logger.error({ donationId: gift.donationId, error: (error as Error).message }, "checkout failed");
    // The gift stays `pendente` and the expiry job closes it; a retry reuses it.
    return { ok: false, message: `${reason}${DONATION_MESSAGES.retrySuffix}` };
  }
  if (!session.url) return { ok: false, message: DONATION_MESSAGES.missingUrl };
  await linkDonationCheckout(gift.donationId, session.checkoutId);
  return { ok: true, url: session.url };
}

function idempotencyKey(formKey: string, values: object): string {
  return `don_${createHash("sha256").update(formKey).update(JSON.stringify(values)).digest("hex").slice(0, 48)}`;
}

/** A Pix gift goes to our own Pix page; a PSP failure is shown there, with a retry that reuses this gift. */
async function startPixGift(donationId: string, amountCents: number, destination: string, deps: PixChargeDeps): Promise<string> {
  const page = pixPagePath(donationId, deps.config.APP_SECRET);
  try {
    await ensurePixCharge({ id: donationId, amountCents, destination, charge: null, status: "pendente" }, deps);
  } catch (error) {
    logger.error({ donationId, error: (error as Error).message }, "pix charge failed");
    return `${page}?erro=1`;
  }
  return page;
}
