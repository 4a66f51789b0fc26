/**
 * Abuse limits for gifts that spare crowds (docs/decisions/102-abuse-limits.md). Starting a
 * checkout is never refused for the address it comes from: wedding guests share the venue's
 * Wi-Fi and Brazilian carriers put thousands of phones behind one address (CGNAT). What is
 * counted is what a card tester produces — declined or failed payments — per address, per card
 * (the provider's card fingerprint) and per party. Past a threshold the next checkout asks for a
 * proof-of-work challenge (app/platform/abuse/challenge.server.ts) instead of refusing.
 */
import { createHmac } from "node:crypto";
import { getConfig } from "~/platform/config.server";
import type { Executor } from "~/platform/db.server";
import { rateLimitSubject } from "~/platform/http/client-ip.server";
import { hitRateLimit, peekRateLimits } from "~/platform/rate-limit.server";

const HOUR = 3600;

/** Mutable so a test can lower one; the numbers and their reasons are in decision 102. */
export const PAYMENT_ABUSE_LIMITS = {
  /** Declined/failed payments from one address (IPv4, or IPv6 /64) per hour. */
  failuresPerIp: { limit: 20, windowSeconds: HOUR },
  /** Declines of one card per hour: past this, every address it was tried from is challenged. */
  failuresPerCard: { limit: 3, windowSeconds: HOUR },
  /** Declined/failed payments for one party (or the main charity) per hour: everyone giving to it is challenged. */
  failuresPerParty: { limit: 30, windowSeconds: HOUR },
  /** Checkouts from one address per 10 minutes past which a challenge is asked (never a refusal). */
  checkoutsPerIp: { limit: 300, windowSeconds: 600 },
};

/**
 * The address's rate-limit subject as a keyed hash: stored with the gift so a later "declined"
 * can be counted against the address, without keeping the address itself.
 */
export function abuseSubject(clientIp: string): string {
  return createHmac("sha256", getConfig().APP_SECRET)
    .update(`abuse:${rateLimitSubject(clientIp)}`)
    .digest("hex")
    .slice(0, 32);
}

const keys = {
  ipFailures: (subject: string) => `payfail:ip:${subject}`,
  ipFlag: (subject: string) => `payfail:flag:${subject}`,
  cardFailures: (fingerprint: string) => `payfail:card:${fingerprint}`,
  partyFailures: (partyKey: string) => `payfail:party:${partyKey}`,
  checkouts: (subject: string) => `checkout:ip:${subject}`,
};

/** Whether a new checkout from `subject` for `partyKey` (a party id or "main") must solve a challenge. */
export async function checkoutChallengeRequired(subject: string, partyKey: string, executor?: Executor): Promise<boolean> {
  const counts = await peekRateLimits(
    [keys.ipFailures(subject), keys.ipFlag(subject), keys.partyFailures(partyKey), keys.checkouts(subject)],
    executor,
  );
  const L = PAYMENT_ABUSE_LIMITS;
  return (
    counts.get(keys.ipFailures(subject))! >= L.failuresPerIp.limit ||
    counts.get(keys.ipFlag(subject))! > 0 ||
    counts.get(keys.partyFailures(partyKey))! >= L.failuresPerParty.limit ||
    counts.get(keys.checkouts(subject))! >= L.checkoutsPerIp.limit
  );
}

/** Counts a checkout that went ahead (the volume ceiling above). */
export async function recordCheckoutStarted(subject: string) {
  const { limit, windowSeconds } = PAYMENT_ABUSE_LIMITS.checkoutsPerIp;
  await hitRateLimit(keys.checkouts(subject), limit, windowSeconds);
}

/**
 * Counts one declined or failed payment, inside the event's transaction (a redelivered event is
 * stopped by its id before reaching here, so it never counts twice).
 */
export async function recordPaymentFailure(
  executor: Executor,
  failure: { subject: string | null; partyKey: string; cardFingerprint?: string | null },
) {
  const L = PAYMENT_ABUSE_LIMITS;
  await hitRateLimit(keys.partyFailures(failure.partyKey), L.failuresPerParty.limit, L.failuresPerParty.windowSeconds, executor);
  if (failure.subject) {
    await hitRateLimit(keys.ipFailures(failure.subject), L.failuresPerIp.limit, L.failuresPerIp.windowSeconds, executor);
  }
  if (failure.cardFingerprint) {
    const card = await hitRateLimit(
      keys.cardFailures(failure.cardFingerprint.slice(0, 100)),
      L.failuresPerCard.limit,
      L.failuresPerCard.windowSeconds,
      executor,
    );
    // A card declined again and again is a tester's: challenge the address it came from.
    if (!card.allowed && failure.subject) await hitRateLimit(keys.ipFlag(failure.subject), 0, L.failuresPerCard.windowSeconds, executor);
  }
}
