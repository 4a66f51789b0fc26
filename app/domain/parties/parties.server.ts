import { randomInt } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { type Database, db, preparedPerConnection, schema } from "~/platform/db.server";
import { findInstitutionForParty } from "~/domain/organizations/index.server";
import { findCampaignForParty } from "~/domain/campaigns/index.server";
import { type CreatePartyInput, PARTY_INSTITUTION_MESSAGES, partyInstitutionRefusal } from "~/domain/parties/party-form";

export { partyVisibility } from "~/domain/parties/party-status";

const CODE_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const SHARE_CODE_LENGTH = 5;
const MAX_CODE_ATTEMPTS = 8;

/** 5 lowercase base-36 characters from the OS's CSPRNG (≈60 million codes). */
export function generateShareCode(random: (max: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}

function shareLinkFor(code: string): string {
  return `${getConfig().PUBLIC_URL}/festa/${code}`;
}

export type CreatePartyResult =
  { ok: true; party: typeof schema.parties.$inferSelect } | { ok: false; field: "organizationId"; message: string };

/**
 * Stores a party for `userId`, which the caller takes from the session, never from the form.
 * The chosen institution must be active, verified and of an active cause (checked under a share
 * lock, in the transaction that inserts); the party takes its cause from the institution. A
 * share-code collision is retried with a fresh code, in a new transaction.
 */
export async function createParty(
  userId: string,
  input: CreatePartyInput,
  options: { generateCode?: () => string; coverPhotoKey?: string | null } = {},
): Promise<CreatePartyResult> {
  const nextCode = options.generateCode ?? (() => generateShareCode());

  for (let attempt = 1; ; attempt++) {
    const code = nextCode();
    try {
      return await db.transaction(async (tx): Promise<CreatePartyResult> => {
        const institution = await findInstitutionForParty(tx, input.organizationId);
        const refusal = partyInstitutionRefusal(institution);
        if (refusal !== null || !institution)
          return { ok: false, field: "organizationId", message: refusal ?? PARTY_INSTITUTION_MESSAGES.unavailable };
        // A party of a team campaign gives to the campaign's institution (decision 217).
        let campaignId: string | null = null;
        if (input.campaignId) {
          const campaign = UUID.test(input.campaignId) ? await findCampaignForParty(tx, input.campaignId) : null;
          if (!campaign || campaign.hidden)
            return { ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignMissing };
          if (campaign.closed)
            return { ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignClosed(campaign.name) };
          if (campaign.organizationId !== institution.id)
            return { ok: false, field: "organizationId", message: PARTY_INSTITUTION_MESSAGES.campaignInstitution(campaign.name) };
          campaignId = campaign.id;
        }
        const [party] = await tx
          .insert(schema.parties)
          .values({
            userId,
            name: input.name,
            eventType: input.eventType,
            eventDate: input.eventDate,
            goalCents: input.goal,
            causeId: institution.causeId,
            organizationId: institution.id,
            message: input.message,
            coverPhotoKey: options.coverPhotoKey ?? null,
            campaignId,
            shareCode: code,
            shareLink: shareLinkFor(code),
          })
          .returning();
        return { ok: true, party: party! };
      });
    } catch (error) {
      if (!isUniqueViolation(error, "share_code") || attempt >= MAX_CODE_ATTEMPTS) throw error;
    }
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string; detail?: string };
    if (pg.code === "23505") return `${pg.constraint ?? ""} ${pg.detail ?? ""} ${pg.message ?? ""}`.includes(column);
  }
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A party by share code or id with what its public page shows. Visibility (inactive, ended) is
 * the caller's decision, through partyVisibility().
 */
export async function findPartyForPage(codeOrId: string) {
  const key = codeOrId.trim().toLowerCase();
  const [row] = UUID.test(key)
    ? await partyPageQuery(db)
        .where(or(eq(schema.parties.id, key), eq(schema.parties.shareCode, key)))
        .limit(1)
    : await partyPageByCode().execute({ code: key });
  return row ?? null;
}

// The party page's read by share code (every visit of a shared link): prepared once per connection.
const partyPageByCode = preparedPerConnection((d) =>
  partyPageQuery(d)
    .where(eq(schema.parties.shareCode, sql.placeholder("code")))
    .limit(1)
    .prepare("party_page_by_code"),
);

function partyPageQuery(d: Database) {
  return (
    d
      .select({
        id: schema.parties.id,
        userId: schema.parties.userId,
        name: schema.parties.name,
        eventType: schema.parties.eventType,
        eventDate: schema.parties.eventDate,
        goalCents: schema.parties.goalCents,
        raisedCents: schema.parties.raisedCents,
        paidCount: schema.parties.paidCount,
        message: schema.parties.message,
        shareCode: schema.parties.shareCode,
        shareLink: schema.parties.shareLink,
        active: schema.parties.active,
        closedMessage: schema.parties.closedMessage,
        bannerUrl: schema.parties.bannerUrl,
        coverPhotoKey: schema.parties.coverPhotoKey,
        updatedAt: schema.parties.updatedAt,
        causeName: schema.causes.name,
        causeDescription: schema.causes.description,
        causeIcon: schema.causes.icon,
        creatorName: schema.user.name,
        creatorImage: schema.user.image,
        creatorPhotoKey: schema.user.photoKey,
        // Who receives the money, as the page shows it (see organizations' institutionSummary).
        organization: {
          name: schema.organizations.name,
          slug: schema.organizations.slug,
          cnpj: schema.organizations.cnpj,
          city: schema.organizations.city,
          state: schema.organizations.state,
          verifiedAt: schema.organizations.verifiedAt,
          active: schema.organizations.active,
        },
      })
      .from(schema.parties)
      .leftJoin(schema.organizations, eq(schema.organizations.id, schema.parties.organizationId))
      // The cause shown is the institution's (decision 165); the party's own column only for a party without one.
      .innerJoin(schema.causes, eq(schema.causes.id, sql`coalesce(${schema.organizations.causeId}, ${schema.parties.causeId})`))
      .leftJoin(schema.user, eq(schema.user.id, schema.parties.userId))
  );
}
