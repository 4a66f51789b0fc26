/**
 * What happens to a campaign after it is created (decision 222): its creator fixes the name and the
 * description (the link never changes) and closes or reopens it; an admin hides it with a reason
 * (moderation) or shows it again. Each change audited, in one transaction.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { auditedChange } from "~/platform/audit.server";
import { db, schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail/outbox.server";
import type { CampaignVisibilityInput, EditCampaignInput } from "./campaign-form";
import { campaignHiddenEmail } from "./emails/campaign-hidden.server";

const { campaigns, organizations, parties, user } = schema;

/** The creator's own campaign by slug (ownership in the where), hidden or not, or null. */
export async function findOwnCampaign(userId: string, slug: string) {
  const [row] = await db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      name: campaigns.name,
      description: campaigns.description,
      closedAt: campaigns.closedAt,
      hiddenAt: campaigns.hiddenAt,
      hiddenReason: campaigns.hiddenReason,
      institutionName: organizations.name,
    })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(and(eq(campaigns.slug, slug), eq(campaigns.createdBy, userId)));
  return row ?? null;
}

export type OwnCampaignChange = { ok: true } | { ok: false; reason: "missing" | "hidden" };

/** Name and description; a hidden campaign stays as the admin found it until shown again. */
export async function updateOwnCampaign(userId: string, campaignId: string, input: EditCampaignInput): Promise<OwnCampaignChange> {
  return auditedChange(userId, async (tx, audit) => {
    const [before] = await tx
      .select({ name: campaigns.name, description: campaigns.description, hiddenAt: campaigns.hiddenAt })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.createdBy, userId)))
      .for("update");
    if (!before) return { ok: false, reason: "missing" } as const;
    if (before.hiddenAt) return { ok: false, reason: "hidden" } as const;
    await tx
      .update(campaigns)
      .set({ name: input.name, description: input.description, updatedAt: new Date() })
      .where(eq(campaigns.id, campaignId));
    await audit({
      action: "campaign.update",
      entity: "campaign",
      entityId: campaignId,
      details: { before: { name: before.name, description: before.description }, after: input },
    });
    return { ok: true } as const;
  });
}

/** Closed: the page stays with its ranking, new parties cannot join (checked in the party's insert). */
export async function setOwnCampaignClosed(userId: string, campaignId: string, closed: boolean): Promise<OwnCampaignChange> {
  return auditedChange(userId, async (tx, audit) => {
    const [row] = await tx
      .update(campaigns)
      .set({ closedAt: closed ? sql`coalesce(${campaigns.closedAt}, now())` : null, updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.createdBy, userId)))
      .returning({ id: campaigns.id });
    if (!row) return { ok: false, reason: "missing" } as const;
    await audit({ action: closed ? "campaign.close" : "campaign.reopen", entity: "campaign", entityId: campaignId, details: {} });
    return { ok: true } as const;
  });
}

/** Admin → Festas → Campanhas: hides (the creator is e-mailed the reason) or shows a campaign. */
export async function setCampaignHiddenAsAdmin(
  adminId: string,
  input: CampaignVisibilityInput,
  deps: { mailer: Mailer; publicUrl: string; now: Date },
): Promise<{ ok: true; name: string } | { ok: false }> {
  const hide = input.hidden === "1";
  return auditedChange(adminId, async (tx, audit) => {
    const [row] = await tx
      .update(campaigns)
      .set(
        hide
          ? { hiddenAt: deps.now, hiddenReason: input.reason, updatedAt: deps.now }
          : { hiddenAt: null, hiddenReason: null, updatedAt: deps.now },
      )
      .where(and(eq(campaigns.id, input.campaignId), hide ? isNull(campaigns.hiddenAt) : sql`${campaigns.hiddenAt} IS NOT NULL`))
      .returning({ id: campaigns.id, slug: campaigns.slug, name: campaigns.name, createdBy: campaigns.createdBy });
    if (!row) return { ok: false } as const;
    await audit({
      action: hide ? "campaign.hide" : "campaign.show",
      entity: "campaign",
      entityId: row.id,
      details: hide ? { reason: input.reason } : {},
    });
    if (hide && row.createdBy) {
      const [creator] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, row.createdBy));
      if (creator)
        await deps.mailer.enqueue(
          tx,
          campaignHiddenEmail({ campaign: row, creator, reason: input.reason!, hiddenAt: deps.now, publicUrl: deps.publicUrl }),
        );
    }
    return { ok: true, name: row.name } as const;
  });
}

/** The admin's list: the newest campaigns with their institution, party count, total and state. */
export async function listCampaignsForAdmin(limit = 50) {
  return db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      name: campaigns.name,
      institutionName: organizations.name,
      createdAt: campaigns.createdAt,
      closedAt: campaigns.closedAt,
      hiddenAt: campaigns.hiddenAt,
      hiddenReason: campaigns.hiddenReason,
      partyCount: sql<number>`(SELECT count(*)::int FROM ${parties} WHERE ${parties.campaignId} = ${campaigns.id})`,
      raisedCents:
        sql<number>`(SELECT coalesce(sum(${parties.raisedCents}), 0)::bigint FROM ${parties} WHERE ${parties.campaignId} = ${campaigns.id} AND ${parties.active})`.mapWith(
          Number,
        ),
    })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
}
