/**
 * Team campaigns (decision 217): a signed-in person creates one for an institution; parties join it
 * when they are created from its page, for the same institution (checked in the party's insert
 * transaction, parties.server.ts). Its public page reads each party's maintained paid total.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";
import { findInstitutionForParty } from "~/domain/organizations/index.server";
import { PARTY_INSTITUTION_MESSAGES, partyInstitutionRefusal } from "~/domain/parties";
import type { CreateCampaignInput } from "./campaign-form";
import { campaignSlug } from "./leaderboard";

const { campaigns, organizations, parties } = schema;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TAIL_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const MAX_SLUG_ATTEMPTS = 5;

const randomTail = () => Array.from({ length: 4 }, () => TAIL_ALPHABET[randomInt(TAIL_ALPHABET.length)]).join("");

export type CreateCampaignResult = { ok: true; slug: string } | { ok: false; field: "organizationId"; message: string };

/** Stores a campaign for `userId` (from the session) and its institution, which must be able to receive parties. */
export async function createCampaign(
  userId: string,
  input: CreateCampaignInput,
  options: { tail?: () => string } = {},
): Promise<CreateCampaignResult> {
  const nextTail = options.tail ?? randomTail;
  for (let attempt = 1; ; attempt++) {
    const slug = campaignSlug(input.name, nextTail());
    try {
      return await db.transaction(async (tx): Promise<CreateCampaignResult> => {
        const institution = await findInstitutionForParty(tx, input.organizationId);
        const refusal = partyInstitutionRefusal(institution);
        if (refusal !== null || !institution)
          return { ok: false, field: "organizationId", message: refusal ?? PARTY_INSTITUTION_MESSAGES.unavailable };
        const [row] = await tx
          .insert(campaigns)
          .values({ slug, name: input.name, description: input.description, organizationId: institution.id, createdBy: userId })
          .returning({ id: campaigns.id });
        await recordAudit(tx, {
          actorUserId: userId,
          action: "campaign.create",
          entity: "campaign",
          entityId: row!.id,
          details: { slug, organizationId: institution.id },
        });
        return { ok: true, slug };
      });
    } catch (error) {
      if (!isSlugCollision(error) || attempt >= MAX_SLUG_ATTEMPTS) throw error;
    }
  }
}

function isSlugCollision(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505") return (pg.constraint ?? "").includes("slug");
  }
  return false;
}

/**
 * A campaign and its institution by slug (the public page, the party form's prefill), or null —
 * also when an admin hid it (decision 222). `closedAt` set: no new party joins it.
 */
export async function findCampaignBySlug(slug: string, executor: Executor = db) {
  if (!SLUG_PATTERN.test(slug) || slug.length > 80) return null;
  const [row] = await executor
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      name: campaigns.name,
      description: campaigns.description,
      organizationId: campaigns.organizationId,
      institutionName: organizations.name,
      institutionSlug: organizations.slug,
      closedAt: campaigns.closedAt,
      createdBy: campaigns.createdBy,
    })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(and(eq(campaigns.slug, slug), isNull(campaigns.hiddenAt)));
  return row ?? null;
}

/**
 * The campaign a new party asks to join (inside the party's insert transaction), or null. Its row
 * is share-locked, so a close or a hide that commits first is seen, and one that comes after waits.
 */
export async function findCampaignForParty(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: campaigns.id,
      name: campaigns.name,
      organizationId: campaigns.organizationId,
      closed: sql<boolean>`${campaigns.closedAt} IS NOT NULL`,
      hidden: sql<boolean>`${campaigns.hiddenAt} IS NOT NULL`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for("share");
  return row ?? null;
}

/**
 * The campaign's parties with their paid totals, as their public pages show them; a party closed
 * because its creator left (inactive) is not listed. Public fields only: never a donor or an e-mail.
 */
export async function listCampaignParties(campaignId: string, executor: Executor = db) {
  return executor
    .select({
      name: parties.name,
      shareCode: parties.shareCode,
      eventDate: parties.eventDate,
      raisedCents: parties.raisedCents,
      paidCount: parties.paidCount,
    })
    .from(parties)
    .where(and(eq(parties.campaignId, campaignId), eq(parties.active, true)))
    .orderBy(asc(parties.name));
}
