/**
 * A creator's own party (issue 17): read for its share moment and edit page, and the host's edit
 * of the reason, the goal, the cover photo and, until the party ends, its name and date (issue 29,
 * decision 212; the share code never changes). Ownership is in every where (the owner or an
 * accepted co-host, decision 217): another user's party reads as missing. Each edit is recorded in the audit log in the transaction that makes it.
 */
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit.server";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { deletePhotoFiles } from "~/platform/images/photos.server";
import type { EditPartyInput } from "./party-form";
import type { CreatorEmailMode } from "./creator-emails";
import { partyVisibility } from "./party-status";
import { hostedBy, hostRoleOf } from "./party-hosts.server";

const { parties } = schema;

export async function findOwnParty(userId: string, shareCode: string) {
  const [row] = await db
    .select({
      id: parties.id,
      name: parties.name,
      eventType: parties.eventType,
      eventDate: parties.eventDate,
      goalCents: parties.goalCents,
      raisedCents: parties.raisedCents,
      paidCount: parties.paidCount,
      message: parties.message,
      shareCode: parties.shareCode,
      shareLink: parties.shareLink,
      active: parties.active,
      coverPhotoKey: parties.coverPhotoKey,
      creatorEmails: parties.creatorEmails,
      updatedAt: parties.updatedAt,
      causeName: schema.causes.name,
      institutionName: schema.organizations.name,
      creatorName: schema.user.name,
      role: hostRoleOf(userId),
    })
    .from(parties)
    .leftJoin(schema.organizations, eq(schema.organizations.id, parties.organizationId))
    .innerJoin(schema.causes, eq(schema.causes.id, sql`coalesce(${schema.organizations.causeId}, ${parties.causeId})`))
    .leftJoin(schema.user, eq(schema.user.id, parties.userId))
    .where(and(eq(parties.shareCode, shareCode.toLowerCase()), hostedBy(userId)))
    .limit(1);
  return row ?? null;
}

export type EditResult = { ok: true; changed: string[] } | { ok: false; reason: "not-found" | "ended" };

/**
 * Applies the host's edit to their party (matched by id AND owner). `coverPhotoKey` undefined
 * keeps the photo; a name or date undefined keeps it. Changing the name or the date of a party that
 * has ended (São Paulo's today from `now`) is refused. The audit row keeps what changed, before and
 * after (the photo by its id).
 */
export async function updateOwnParty(
  userId: string,
  partyId: string,
  input: EditPartyInput,
  options: { coverPhotoKey?: string; now?: Date } = {},
): Promise<EditResult> {
  let replacedCover: string | null = null;
  const result = await db.transaction(async (tx): Promise<EditResult> => {
    const [before] = await tx
      .select({
        name: parties.name,
        eventDate: parties.eventDate,
        active: parties.active,
        goalCents: parties.goalCents,
        message: parties.message,
        coverPhotoKey: parties.coverPhotoKey,
      })
      .from(parties)
      .where(and(eq(parties.id, partyId), hostedBy(userId), eq(parties.active, true)))
      .for("update");
    if (!before) return { ok: false, reason: "not-found" };
    const after = {
      name: input.name ?? before.name,
      eventDate: input.eventDate ?? before.eventDate,
      goalCents: input.goal,
      message: input.message,
      coverPhotoKey: options.coverPhotoKey ?? before.coverPhotoKey,
    };
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => after[k] !== before[k]);
    const movesNameOrDate = changed.includes("name") || changed.includes("eventDate");
    if (movesNameOrDate && partyVisibility(before, todayInSaoPaulo(options.now)) !== "live") return { ok: false, reason: "ended" };
    if (changed.length === 0) return { ok: true, changed };
    await tx
      .update(parties)
      .set({ ...after, updatedAt: new Date() })
      .where(and(eq(parties.id, partyId), hostedBy(userId)));
    await recordAudit(tx, {
      actorUserId: userId,
      action: "party.host_update",
      entity: "party",
      entityId: partyId,
      details: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }])),
    });
    if (before.coverPhotoKey && before.coverPhotoKey !== after.coverPhotoKey) replacedCover = before.coverPhotoKey;
    return { ok: true as const, changed };
  });
  // The cover it replaced leaves storage once no party uses it (content-addressed files may be shared).
  if (replacedCover) await deleteCoverIfUnused(replacedCover);
  return result;
}

/** Deletes a cover photo's files when no party points at it (after the commit that let it go). */
async function deleteCoverIfUnused(photoKey: string) {
  const [inUse] = await db.select({ id: parties.id }).from(parties).where(eq(parties.coverPhotoKey, photoKey)).limit(1);
  if (!inUse) await deletePhotoFiles(photoKey);
}

/** The creator's choice of gift e-mails for their party (issue 31), audited; false when not theirs. */
export async function setCreatorEmails(userId: string, partyId: string, mode: CreatorEmailMode): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mode: parties.creatorEmails })
      .from(parties)
      .where(and(eq(parties.id, partyId), hostedBy(userId)))
      .for("update");
    if (!before) return false;
    if (before.mode === mode) return true;
    await tx
      .update(parties)
      .set({ creatorEmails: mode, updatedAt: new Date() })
      .where(and(eq(parties.id, partyId), hostedBy(userId)));
    await recordAudit(tx, {
      actorUserId: userId,
      action: "party.creator_emails",
      entity: "party",
      entityId: partyId,
      details: { creatorEmails: { from: before.mode, to: mode } },
    });
    return true;
  });
}
