/**
 * The proof-of-work challenge (ALTCHA, self-hosted) asked of a visitor who crossed an abuse
 * threshold: instead of refusing a crowd that shares one address, we make each further attempt
 * cost a second or so of the visitor's CPU — nothing for a guest, a real cost for a script firing
 * thousands. No third party is involved: the server issues and verifies the challenge with
 * altcha-lib, the browser solves it with the `altcha` widget (loaded only when asked).
 *
 * A challenge is signed (HMAC with a key derived from APP_SECRET), bound to a purpose ("doar",
 * "entrar"…), expires after 10 minutes and is accepted once (its signature is spent in the
 * shared rate_limits table, so a solution cannot be replayed on any instance).
 */
import { createHash, createHmac } from "node:crypto";
import { createChallenge, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { getConfig } from "~/platform/config.server";
import { hitRateLimit } from "~/platform/rate-limit.server";

/** The form field the widget fills with its solution. */
export const CHALLENGE_FIELD = "altcha";

export type ChallengePurpose = "doar" | "entrar" | "cadastrar" | "recuperar";

/**
 * PBKDF2/SHA-256 at 5 000 iterations and a one-byte key prefix: ~256 tries on average, well
 * under a second on a phone (measured by the widget's own minDuration of 500 ms anyway), while a
 * script needs ~1.3 M SHA-256 per attempt. Verifying costs the server one derivation.
 */
const CHALLENGE_SETTINGS = { algorithm: "PBKDF2/SHA-256", cost: 5_000, keyPrefix: "00", ttlSeconds: 600 };

function signingKey(): string {
  return createHmac("sha256", getConfig().APP_SECRET).update("altcha-challenge").digest("hex");
}

/** A fresh challenge for the widget (sent inline in the page: no extra request, no network call). */
export async function issueChallenge(purpose: ChallengePurpose): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE_SETTINGS.algorithm,
    cost: CHALLENGE_SETTINGS.cost,
    keyPrefix: CHALLENGE_SETTINGS.keyPrefix,
    deriveKey,
    data: { purpose },
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_SETTINGS.ttlSeconds,
    hmacSignatureSecret: signingKey(),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(CHALLENGE_SETTINGS.algorithm),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().min(CHALLENGE_SETTINGS.cost).max(CHALLENGE_SETTINGS.cost),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(128),
      expiresAt: z.number().int().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256), time: z.number().optional() }),
});

/**
 * Whether `raw` (the widget's base64 payload) solves a challenge we issued for `purpose`, not
 * expired and not used before. Spends it on success.
 */
export async function verifyChallenge(raw: unknown, purpose: ChallengePurpose): Promise<boolean> {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 4000) return false;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
  } catch {
    return false;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return false;
  const { challenge, solution } = parsed.data;
  if (challenge.parameters.data?.purpose !== purpose) return false;
  // An unexpiring challenge is not one of ours.
  if (!challenge.parameters.expiresAt) return false;
  let result;
  try {
    result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: signingKey() });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  const spent = createHash("sha256").update(challenge.signature).digest("hex").slice(0, 40);
  const use = await hitRateLimit(`altcha:used:${spent}`, 1, CHALLENGE_SETTINGS.ttlSeconds + 60);
  return use.allowed;
}
