/**
 * The whole data model. Money is always integer centavos. Auth tables follow Better Auth's
 * field names (user, session, account, verification) so its Drizzle adapter maps 1:1.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Domain constants live in plain modules (the browser may import them); the schema reads them.
// Relative paths: drizzle-kit loads this file without the app's path aliases.
import { TESTIMONIAL_TYPES } from "../../domain/content/content-kinds";
import { DONATION_STATUSES } from "../../domain/donations/donation-status";
import { REFUND_STATUSES } from "../../domain/donations/refund-status";
import { IMPACT_UPDATE_STATUSES } from "../../domain/impact/impact-update-review";
import { LEDGER_KINDS } from "../../domain/ledger/ledger-kinds";
import { PIX_KEY_TYPES } from "../../domain/organizations/pix-key";
import { APPLICATION_DOCUMENT_KINDS, APPLICATION_STATUSES, REGISTRY_RESULTS } from "../../domain/organizations/application";
import { INSTITUTION_ROLES } from "../../domain/organizations/institution-team";
import { EVENT_TYPES } from "../../domain/parties/event-types";
import { DEFAULT_CREATOR_EMAIL_MODE } from "../../domain/parties/creator-emails";
import { PLEDGE_STATUSES } from "../../domain/matching/pledge-status";
import { PAYOUT_STATUSES } from "../../domain/payouts/payout-status";
import { SUBSCRIPTION_PLAN_IDS, SUBSCRIPTION_STATUSES } from "../../domain/subscriptions/plan-ids";
import { RECOVERY_EVENT_KINDS, RECOVERY_METHODS, RECOVERY_STATUSES, RETRY_OWNERS } from "../../domain/subscriptions/recovery-kinds";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * A receipt's verification code (`/recibo/{code}`): 122 random bits from the database's CSPRNG,
 * stored, so it cannot be guessed or enumerated like the readable receipt number, survives an
 * APP_SECRET rotation (a printed receipt must stay verifiable for years) and every row, old ones
 * included, gets one when the column is added.
 */
const receiptCode = () =>
  text("receipt_code")
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`);

// ---------- accounts (Better Auth) ----------
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(), // nome_completo
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"), // avatar_url
  /** The profile photo the person uploaded: the content-hashed id of its WebP variants in file storage. */
  photoKey: text("photo_key"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The terms and privacy policy version accepted at sign-up (LGPD consent), and when. */
  termsVersion: text("terms_version"),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const roleEnum = pgEnum("role", ["admin"]);
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Fixed-window counters shared by every server instance (sign-in, donations, contact…). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// ---------- causes, NGOs ----------
export const causes = pgTable(
  "causes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    icon: text("icon"),
    // What each /doar preset pays for in this cause ({"25": "…"}); null means generic wording.
    impactLines: jsonb("impact_lines").$type<Record<string, string>>(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("causes_active_idx").on(t.active, t.name)],
);

export const pixKeyTypeEnum = pgEnum("pix_key_type", PIX_KEY_TYPES);

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(), // the /causas#anchor
    causeId: uuid("cause_id").references(() => causes.id, { onDelete: "set null" }),
    city: text("city").notNull(),
    state: text("state").notNull(),
    description: text("description").notNull(),
    bannerUrl: text("banner_url"),
    email: text("email"), // payout proofs go here
    isMain: boolean("is_main").notNull().default(false), // the main supported charity
    active: boolean("active").notNull().default(true),
    legalName: text("legal_name"), // razão social
    // 14 characters, no punctuation: digits, or capital letters and digits in the first 12 (the
    // alphanumeric CNPJ, IN RFB 2.229/2024). Nullable only for rows created before institutions had one;
    // the admin form requires it, and an institution without one cannot be verified.
    cnpj: text("cnpj").unique(),
    logoUrl: text("logo_url"),
    siteUrl: text("site_url"),
    pixKeyType: pixKeyTypeEnum("pix_key_type"), // payouts go to this key
    pixKey: text("pix_key"), // stored as the Pix directory does (digits, +55…, lower case)
    // Set by an admin after checking the CNPJ and documents; gifts by /doar?ong= need it.
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by").references(() => user.id, { onDelete: "set null" }),
    verificationNote: text("verification_note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("organizations_active_idx").on(t.active, t.city),
    check("organizations_cnpj_digits", sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check("organizations_pix_key_pair", sql`(${t.pixKey} is null) = (${t.pixKeyType} is null)`),
    // At most one main institution (decision 166). Created by the hand-written part of the
    // migration, after it clears extra main rows, so that the migration cannot fail on old data.
  ],
);

/**
 * What an institution was called, and under which CNPJ, from `valid_from` on (decision 166). A
 * trigger on `organizations` (hand-written in the migration) writes a row on insert (valid from
 * the beginning of time) and whenever name, legal name, CNPJ, city or state change, so a receipt
 * names the institution as it was when its ledger row was written, whatever is edited later.
 */
export const organizationRevisions = pgTable(
  "organization_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    cnpj: text("cnpj"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("organization_revisions_org_idx").on(t.organizationId, t.validFrom)],
);

// ---------- institution applications and teams (decision 178) ----------
export const applicationStatusEnum = pgEnum("institution_application_status", APPLICATION_STATUSES);
export const applicationDocumentKindEnum = pgEnum("institution_document_kind", APPLICATION_DOCUMENT_KINDS);
export const registryResultEnum = pgEnum("cnpj_registry_result", REGISTRY_RESULTS);

/** An institution's online application (/ongs/cadastrar): what the applicant typed and what the registry said then. */
export const institutionApplications = pgTable(
  "institution_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    cnpj: text("cnpj").notNull(), // as organizations.cnpj: 14 characters
    legalName: text("legal_name").notNull(),
    tradeName: text("trade_name"),
    causeId: uuid("cause_id").references(() => causes.id, { onDelete: "set null" }),
    city: text("city").notNull(),
    state: text("state").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    pixKeyType: pixKeyTypeEnum("pix_key_type").notNull(),
    pixKey: text("pix_key").notNull(),
    description: text("description").notNull(),
    status: applicationStatusEnum("status").notNull().default("submitted"),
    // The registry's answer when the application was sent (its copy: evidence, not a cache).
    registryResult: registryResultEnum("registry_result").notNull(),
    registryData: jsonb("registry_data"),
    registryCheckedAt: timestamp("registry_checked_at", { withTimezone: true }),
    reviewReason: text("review_reason"), // what the applicant is told (adjustments, refusal)
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("institution_applications_user_idx").on(t.userId, t.createdAt.desc()),
    index("institution_applications_status_idx").on(t.status, t.createdAt),
    // One application waiting for the team per CNPJ (one sent back for changes is answered by a new one).
    uniqueIndex("institution_applications_open_cnpj_idx")
      .on(t.cnpj)
      .where(sql`${t.status} = 'submitted'`),
    check("institution_applications_cnpj_chars", sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
  ],
);

/** The documents an application carries, in file storage; admin-only downloads. */
export const institutionApplicationDocuments = pgTable(
  "institution_application_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => institutionApplications.id, { onDelete: "cascade" }),
    kind: applicationDocumentKindEnum("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    fileName: text("file_name").notNull(), // safe download name, with the real type's extension
    originalName: text("original_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("institution_application_documents_kind_idx").on(t.applicationId, t.kind)],
);

export const institutionRoleEnum = pgEnum("institution_role", INSTITUTION_ROLES);

/** Who works for an institution: its owner (the approved applicant) and the members the owner invites. */
export const institutionMembers = pgTable(
  "institution_members",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: institutionRoleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index("institution_members_user_idx").on(t.userId)],
);

/** An owner's invitation to join the team, sent by e-mail as a signed link; used once. */
export const institutionInvites = pgTable(
  "institution_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // lower case
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("institution_invites_org_idx").on(t.organizationId, t.createdAt.desc())],
);

// ---------- parties ----------
export const eventTypeEnum = pgEnum("event_type", EVENT_TYPES);

export const parties = pgTable(
  "parties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    eventType: eventTypeEnum("event_type").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(), // YYYY-MM-DD, São Paulo calendar
    goalCents: bigint("goal_cents", { mode: "number" }).notNull().default(0),
    causeId: uuid("cause_id")
      .notNull()
      .references(() => causes.id),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    message: text("message"),
    shareCode: text("share_code").notNull().unique(),
    shareLink: text("share_link").notNull(),
    active: boolean("active").notNull().default(true),
    bannerUrl: text("banner_url"),
    /** The cover photo the creator uploaded: the content-hashed id of its WebP variants in file storage. */
    coverPhotoKey: text("cover_photo_key"),
    // Maintained in the same transaction as every paid/unpaid transition (never a scan).
    raisedCents: bigint("raised_cents", { mode: "number" }).notNull().default(0),
    paidCount: integer("paid_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when a party is closed before its date (its creator deleted the account): shown to its page's visitors. */
    closedMessage: text("closed_message"),
    /** How the creator hears of gifts: `cada`, `resumo` (digest) or `nenhum` (domain/parties/creator-emails.ts). */
    creatorEmails: text("creator_emails").notNull().default(DEFAULT_CREATOR_EMAIL_MODE),
    /** The team campaign the party counts for (decision 217); its institution is the campaign's. */
    campaignId: uuid("campaign_id").references((): AnyPgColumn => campaigns.id, { onDelete: "set null" }),
  },
  (t) => [
    index("parties_user_idx").on(t.userId, t.active, t.createdAt.desc()),
    index("parties_listing_idx").on(t.active, t.eventDate.desc()),
    index("parties_campaign_idx").on(t.campaignId),
  ],
);

/**
 * A party's co-hosts (decision 217): invited by e-mail by the owner, bound to that address; they
 * see and run the party's dashboard, except removing co-hosts. One row per party and address; once
 * accepted, one row per party and account. Revoked rows stay (revoked_at) for the record.
 */
export const partyCohosts = pgTable(
  "party_cohosts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    invitedEmail: text("invited_email").notNull(), // lower case
    status: text("status").notNull().default("invited"), // invited | accepted | revoked
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    unique("party_cohosts_party_email_key").on(t.partyId, t.invitedEmail),
    unique("party_cohosts_party_user_key").on(t.partyId, t.userId),
    index("party_cohosts_user_idx").on(t.userId, t.status),
    check("party_cohosts_status", sql`${t.status} in ('invited', 'accepted', 'revoked')`),
    check("party_cohosts_accepted_has_user", sql`${t.status} <> 'accepted' or (${t.userId} is not null and ${t.acceptedAt} is not null)`),
    check("party_cohosts_revoked_at", sql`${t.status} <> 'revoked' or ${t.revokedAt} is not null`),
  ],
);

/**
 * A team campaign (decision 217): parties of one team (a company, a school, a family) for one
 * institution, with a public page (`/campanha/{slug}`) that sums and ranks them.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Closed by its creator (decision 222): the page stays, new parties cannot join; it can be reopened. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Hidden by an admin with a reason (moderation): the public page answers 404; its parties stay. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    check("campaigns_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // A hidden campaign always says why (the admin's reason is shown to its creator).
    check("campaigns_hidden_reason", sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/**
 * A party moved to another institution by an admin (decision 165), with the reason. Gifts paid
 * before keep the institution of their ledger row; the party page says until when they went where.
 */
export const partyInstitutionMoves = pgTable(
  "party_institution_moves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    fromOrganizationId: uuid("from_organization_id").references(() => organizations.id, { onDelete: "set null" }),
    toOrganizationId: uuid("to_organization_id").references(() => organizations.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    movedBy: text("moved_by").references(() => user.id, { onDelete: "set null" }),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("party_institution_moves_party_idx").on(t.partyId, t.movedAt)],
);

/**
 * When the creator of a party was last e-mailed about its gifts (a gift at once, or a digest):
 * the digest's clock (domain/donations/creator-digest.server.ts). Its own table, so the paying
 * statement that also updates the party's totals never writes the party row twice.
 */
export const creatorEmailNotices = pgTable("creator_email_notices", {
  partyId: uuid("party_id")
    .primaryKey()
    .references(() => parties.id, { onDelete: "cascade" }),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
});

// ---------- donations ----------
export const donationStatusEnum = pgEnum("donation_status", DONATION_STATUSES);

export const donations = pgTable(
  "donations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id").references(() => parties.id, { onDelete: "restrict" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    status: donationStatusEnum("status").notNull().default("pendente"),
    anonymous: boolean("anonymous").notNull().default(false),
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    message: text("message"),
    receiptNumber: serial("receipt_number").notNull().unique(),
    receiptCode: receiptCode(),
    provider: text("provider").notNull(), // 'sandbox' | 'stripe' | 'pix'
    // How the donor chose to pay on /doar: 'card' (the provider's hosted page) or 'pix' (our Pix page).
    paymentMethod: text("payment_method").notNull().default("card"),
    providerCheckoutId: text("provider_checkout_id").unique(),
    providerPaymentId: text("provider_payment_id"),
    idempotencyKey: text("idempotency_key").unique(),
    // Who started the checkout, as the keyed hash of their rate-limit subject (IP or IPv6 /64),
    // never the address itself: lets a provider's "declined" be counted against that address.
    abuseSubject: text("abuse_subject"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The donor ticked "Quero receber notícias desta festa": the creator's one thank-you message may reach them. */
    wantsPartyNews: boolean("wants_party_news").notNull().default(false),
    /**
     * The donor ticked "share my name and e-mail with the institution" (LGPD consent, off by
     * default, never on an anonymous gift): the institution's dashboard lists them (decision 190).
     */
    sharesContact: boolean("shares_contact").notNull().default(false),
    /**
     * The donor ticked "Quero receber notícias desta festa" under the text saying the host gets
     * their name and e-mail (decision 212; never on an anonymous gift): the host's guest CSV lists
     * them. Gifts that opted in before that text keep receiving the news but are not exported.
     */
    sharesContactWithHost: boolean("shares_contact_with_host").notNull().default(false),
    /**
     * "Doar em homenagem a alguém" (issue 29, item 3; decision 214): the honoree's name, their
     * e-mail only until the e-card is queued (the paying transaction clears it: personal data of
     * a third party, kept for nothing else), whether the card states the amount, and whether the
     * party page shows "em homenagem a …". Both choices are off unless the donor ticks them.
     */
    honoreeName: text("honoree_name"),
    honoreeEmail: text("honoree_email"),
    honoreeShowsAmount: boolean("honoree_shows_amount").notNull().default(false),
    honoreeOnPartyPage: boolean("honoree_on_party_page").notNull().default(false),
    /**
     * "Quero cobrir a taxa…" (issue 29, item 5; decision 216): unticked unless the donor ticks it.
     * The fee covered is the platform fee on `amount_cents` at checkout, computed by the server;
     * the provider charges amount + fee covered, and `amount_cents` stays the gift.
     */
    coversFee: boolean("covers_fee").notNull().default(false),
    feeCoveredCents: integer("fee_covered_cents").notNull().default(0),
    /**
     * Set on the sponsor's payment of a matching pledge (decision 220): a gift to the party like any
     * other (ledger, total, receipt), but it never claims a match itself and never covers a fee.
     */
    matchPledgeId: uuid("match_pledge_id").references((): AnyPgColumn => matchPledges.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("donations_party_paid_idx")
      .on(t.partyId, t.createdAt.desc())
      .where(sql`${t.status} = 'paga'`),
    index("donations_created_idx").on(t.createdAt.desc()),
    index("donations_status_idx").on(t.status, t.createdAt.desc()),
    index("donations_payment_idx").on(t.providerPaymentId),
    // A person's gifts by the address typed (/conta, the statement, attaching at verification: decision 182).
    index("donations_donor_email_idx").on(sql`lower(${t.donorEmail})`),
    check("donations_shares_contact_named", sql`not ${t.sharesContact} or not ${t.anonymous}`),
    check("donations_host_contact_named", sql`not ${t.sharesContactWithHost} or (${t.wantsPartyNews} and not ${t.anonymous})`),
    // No card, no homage without someone to honour.
    check(
      "donations_honoree_named",
      sql`${t.honoreeName} is not null or (${t.honoreeEmail} is null and not ${t.honoreeShowsAmount} and not ${t.honoreeOnPartyPage})`,
    ),
    // A fee is covered only when the donor chose it, never negative, never more than the gift.
    check(
      "donations_fee_covered_chosen",
      sql`${t.feeCoveredCents} >= 0 and ${t.feeCoveredCents} <= ${t.amountCents} and (${t.coversFee} or ${t.feeCoveredCents} = 0)`,
    ),
    // A sponsor's payment (decision 220): what it pays, summed by pledge; one open checkout per pledge
    // at a time (a second click reuses it, never a second charge); no fee covered, no homage.
    index("donations_match_pledge_idx")
      .on(t.matchPledgeId)
      .where(sql`${t.matchPledgeId} is not null`),
    uniqueIndex("donations_one_open_settlement")
      .on(t.matchPledgeId)
      .where(sql`${t.matchPledgeId} is not null and ${t.status} = 'pendente'`),
    check("donations_settlement_plain", sql`${t.matchPledgeId} is null or (not ${t.coversFee} and ${t.honoreeName} is null)`),
  ],
);

export const donationStatusHistory = pgTable(
  "donation_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    donationId: uuid("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "cascade" }),
    fromStatus: donationStatusEnum("from_status"),
    toStatus: donationStatusEnum("to_status").notNull(),
    providerEventId: text("provider_event_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("donation_history_donation_idx").on(t.donationId, t.createdAt)],
);

/** Every provider event we accepted, under its unique id: a repeat is a no-op. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Well-signed provider events for a gift we do not know. Kept for an admin to inspect and
 * answered non-2xx so the provider redelivers (the gift may appear); after a few attempts or a
 * day the row is flagged and the event acknowledged. A later match deletes the row.
 */
export const unmatchedPaymentEvents = pgTable(
  "unmatched_payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** References and action only (ids, never a donor's personal data). */
    summary: jsonb("summary").notNull(),
    attempts: integer("attempts").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("unmatched_payment_events_seen_idx").on(t.lastSeenAt.desc())],
);

/**
 * Pix charges (docs/decisions/150-pix.md): one row per code shown to a donor. An expired code is
 * replaced by a new charge (new txid) for the same gift, so a gift may have several.
 */
export const pixCharges = pgTable(
  "pix_charges",
  {
    txid: text("txid").primaryKey(),
    donationId: uuid("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The BR Code ("Pix copia e cola"); the QR code shows the same text. */
    copyPaste: text("copy_paste").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pix_charges_donation_idx").on(t.donationId, t.createdAt.desc())],
);

/**
 * Every Pix received for one of our charges, by end-to-end id. A payment that does not match its
 * charge (another amount, after the expiry, a second payment of a paid gift, an end-to-end id seen
 * before with other data) is kept with `flag_reason` for an admin and never counted.
 */
export const pixPayments = pgTable(
  "pix_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    endToEndId: text("end_to_end_id").notNull(),
    txid: text("txid").notNull(),
    donationId: uuid("donation_id").references(() => donations.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    flagReason: text("flag_reason"),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("pix_payments_e2e_unique").on(t.endToEndId, t.txid, t.amountCents),
    index("pix_payments_flagged_idx")
      .on(t.flaggedAt.desc())
      .where(sql`${t.flagReason} is not null`),
  ],
);

// ---------- subscriptions (Assine o Bem) ----------
export const planEnum = pgEnum("plan", SUBSCRIPTION_PLAN_IDS);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  providerCustomerId: text("provider_customer_id").notNull().unique(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    plan: planEnum("plan").notNull(),
    /** Plan "personalizado" only: the monthly amount the subscriber chose (decision 183). */
    customAmountCents: integer("custom_amount_cents"),
    status: subscriptionStatusEnum("status").notNull(),
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    // Provider time of the newest event applied: older events never overwrite newer state.
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /**
     * 'card' (Stripe, the sandbox checkout) or 'pix_automatico'. For Pix Automático at a PSP the
     * recurrence id (`idRec`) is provider_subscription_id and `pix_due_day` the day of the month
     * each charge is due (docs/decisions/150-pix.md).
     */
    paymentMethod: text("payment_method").notNull().default("card"),
    pixDueDay: integer("pix_due_day"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.status),
    index("subscriptions_status_idx").on(t.status),
    check("subscriptions_pix_due_day_range", sql`${t.pixDueDay} is null or ${t.pixDueDay} between 1 and 28`),
    check(
      "subscriptions_custom_amount",
      sql`(${t.plan}::text = 'personalizado') = (${t.customAmountCents} is not null) and (${t.customAmountCents} is null or ${t.customAmountCents} between 1000 and 500000)`,
    ),
  ],
);

/**
 * A subscriber's place on the public supporters' mural (/assine-o-bem/mural): the row exists only
 * while they opt in from /conta (off by default). `display_name` is the name they chose; null shows
 * their first name and initial. Never the e-mail (LGPD). Goes with the account.
 */
export const supporterMural = pgTable("supporter_mural", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  displayName: text("display_name"),
  updatedAt: updatedAt(),
});

/**
 * "Que tal todo mês?" (issue 29, item 4; decision 213): one row per paid one-off gift whose result
 * page showed the monthly nudge. `user_id` and `started_at`: the account that went from the card to
 * a plan's checkout (the server checked the gift); `subscription_id` and `converted_at`: the
 * subscription of that account that became active after it. The admin's conversion counts these rows.
 */
export const monthlyNudges = pgTable(
  "monthly_nudges",
  {
    donationId: uuid("donation_id")
      .primaryKey()
      .references(() => donations.id, { onDelete: "cascade" }),
    shownAt: timestamp("shown_at", { withTimezone: true }).notNull().defaultNow(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    subscriptionId: uuid("subscription_id")
      .unique()
      .references(() => subscriptions.id, { onDelete: "set null" }),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
  },
  (t) => [index("monthly_nudges_user_idx").on(t.userId, t.startedAt.desc())],
);

/**
 * A Diamante subscriber's request for a guided visit to the supported institution, made in /conta,
 * e-mailed to the institution and listed for the team. Goes with the account (LGPD).
 */
export const visitRequests = pgTable(
  "visit_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    preferredDates: text("preferred_dates").notNull(),
    people: integer("people").notNull(),
    message: text("message"),
    /** Where the request was e-mailed: the institution's address, or the team's when it has none. */
    sentTo: text("sent_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("visit_requests_user_idx").on(t.userId, t.createdAt),
    check("visit_requests_people_range", sql`${t.people} between 1 and 10`),
  ],
);

/**
 * Each month's Pix Automático charge we asked the PSP for (`PUT /cobr/{txid}`), written by the
 * monthly job: the `cobr` webhook names only the txid, so its amount and due date are read here.
 */
export const pixRecurringCharges = pgTable("pix_recurring_charges", {
  txid: text("txid").primaryKey(),
  subscriptionId: uuid("subscription_id")
    .notNull()
    .references(() => subscriptions.id, { onDelete: "cascade" }),
  /** yyyy-MM-dd: the month's due date; the charge pays the month that starts there. */
  dueDate: date("due_date", { mode: "string" }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

export const subscriptionCharges = pgTable(
  "subscription_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "restrict" }),
    providerInvoiceId: text("provider_invoice_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    /** The institution the charge is for: the main charity when it was paid (decision 152). */
    organizationId: uuid("organization_id").references(() => organizations.id),
    /** The charge's readable receipt number (its own series, printed "AB-000012"). */
    receiptNumber: serial("receipt_number").notNull().unique(),
    receiptCode: receiptCode(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_charges_paid_idx").on(t.paidAt)],
);

/**
 * A failed monthly charge and its recovery (issue 30, docs/recovery.md): one row per failed
 * invoice (a Pix Automático month is its `cobr` txid), open until the month is paid (retry, new
 * card or the one-off Pix of the e-mailed link) or suspended when the schedule is used up.
 */
export const subscriptionRecoveries = pgTable(
  "subscription_recoveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: RECOVERY_METHODS }).notNull(),
    retriesBy: text("retries_by", { enum: RETRY_OWNERS }).notNull(),
    status: text("status", { enum: RECOVERY_STATUSES }).notNull().default("open"),
    /** Distinct failed attempts seen (the first charge included). */
    failures: integer("failures").notNull().default(1),
    /** Retries we asked the provider for (ours only). */
    retriesRequested: integer("retries_requested").notNull().default(0),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull(),
    /** Provider time of the newest failure applied (Stripe's next try is read from the newest). */
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** The month's one-off Pix (the e-mailed link), created once. */
    pixTxid: text("pix_txid").unique(),
    pixCopyPaste: text("pix_copy_paste"),
    pixExpiresAt: timestamp("pix_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscription_recoveries_subscription_idx").on(t.subscriptionId, t.createdAt),
    index("subscription_recoveries_due_idx").on(t.nextAttemptAt),
    index("subscription_recoveries_failed_idx").on(t.firstFailedAt),
    check("subscription_recoveries_counts", sql`${t.failures} >= 1 and ${t.retriesRequested} >= 0 and ${t.amountCents} >= 0`),
    check(
      "subscription_recoveries_state",
      sql`(${t.status} = 'recovered') = (${t.recoveredAt} is not null) and (${t.status} <> 'suspended' or ${t.suspendedAt} is not null)`,
    ),
  ],
);

/**
 * Every attempt and outcome of a recovery, in order: failures (keyed by the provider's event),
 * our retries (keyed by their number, so "Tentar agora" twice asks once), the Pix link, the
 * suspension and the payment that ended it.
 */
export const subscriptionRecoveryEvents = pgTable(
  "subscription_recovery_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recoveryId: uuid("recovery_id")
      .notNull()
      .references(() => subscriptionRecoveries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RECOVERY_EVENT_KINDS }).notNull(),
    attempt: integer("attempt"),
    providerEventId: text("provider_event_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_recovery_events_recovery_idx").on(t.recoveryId, t.occurredAt),
    uniqueIndex("subscription_recovery_events_retry_idx")
      .on(t.recoveryId, t.attempt)
      .where(sql`${t.kind} = 'retry_requested'`),
    uniqueIndex("subscription_recovery_events_provider_idx").on(t.providerEventId, t.kind),
  ],
);

// ---------- content ----------
export const stories = pgTable(
  "stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("stories_active_idx").on(t.active, t.createdAt.desc())],
);

export const testimonials = pgTable("testimonials", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  type: text("type", { enum: TESTIMONIAL_TYPES }).notNull(),
  quote: text("quote").notNull(),
  event: text("event").notNull(),
  impact: text("impact").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const sponsorAds = pgTable("sponsor_ads", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  ctaText: text("cta_text").notNull(),
  ctaUrl: text("cta_url").notNull(),
  sponsor: text("sponsor").notNull(),
  imageUrl: text("image_url"),
  placements: text("placements")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

/** Admin-maintained figures, e.g. key 'families_helped'. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------- payouts (repasses) ----------
export const payoutStatusEnum = pgEnum("payout_status", PAYOUT_STATUSES);
/**
 * A transfer to an institution: a party's gifts (`party_id`, one per party), or an institution's
 * direct gifts and Assine o Bem charges settled up to `period_end` (`organization_id`, its ledger
 * rows listed in `payout_items`; decision 152). Exactly one of the two.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .unique()
      .references(() => parties.id, { onDelete: "restrict" }),
    /** An institution payout's institution (null for a party's payout). */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "restrict" }),
    /** An institution payout covers what settled up to this day (São Paulo calendar). */
    periodEnd: date("period_end", { mode: "string" }),
    /** The admin form's key: a repeated submit of the same form finds the payout it already wrote. */
    idempotencyKey: text("idempotency_key").unique(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    settlementDate: date("settlement_date", { mode: "string" }).notNull(),
    transferDeadline: date("transfer_deadline", { mode: "string" }).notNull(),
    status: payoutStatusEnum("status").notNull().default("pendente"),
    proofUrl: text("proof_url"),
    /** The proof's download name: the sender's name made safe, with the extension of its real type. */
    proofFileName: text("proof_file_name"),
    /** The uploaded proof lives in file storage (platform/storage) under this key. */
    proofKey: text("proof_key"),
    proofContentType: text("proof_content_type"),
    proofSize: integer("proof_size"),
    proofOriginalName: text("proof_original_name"),
    /** Legacy: proofs uploaded before file storage. Moved out at startup; dropped by a later migration (decision 120). */
    proofFile: text("proof_file_base64"),
    transferredAt: timestamp("transferred_at", { withTimezone: true }),
    transferredBy: text("transferred_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payouts_party_or_institution", sql`num_nonnulls(${t.partyId}, ${t.organizationId}) = 1`),
    index("payouts_organization_idx").on(t.organizationId, t.transferredAt),
  ],
);

// ---------- ledger (docs/decisions/130-ledger.md) ----------
export const ledgerKindEnum = pgEnum("ledger_kind", LEDGER_KINDS);

/**
 * Append-only: one row per money movement, written in the transaction that moves the money (a
 * trigger refuses UPDATE and DELETE). Amounts are signed centavos with gross = fee + net; fee and
 * net are computed once, with the fee percent in force then, and a refund or chargeback is the
 * negation of the row it undoes. One movement per source and kind: the same event twice, or two
 * events for the same payment, write one row.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: ledgerKindEnum("kind").notNull(),
    /** The institution the money is for (null only when none could be named, e.g. no main charity). */
    organizationId: uuid("organization_id").references(() => organizations.id),
    partyId: uuid("party_id").references(() => parties.id),
    donationId: uuid("donation_id").references(() => donations.id),
    subscriptionChargeId: uuid("subscription_charge_id").references(() => subscriptionCharges.id),
    payoutId: uuid("payout_id").references(() => payouts.id),
    /** The row a refund or chargeback undoes. */
    reversesId: uuid("reverses_id").references((): AnyPgColumn => ledgerEntries.id),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    /** PLATFORM_FEE_PERCENT when the money moved (copied from the original row by a refund); null on payouts. */
    feePercent: numeric("fee_percent", { mode: "number" }),
    /** Assine o Bem charges: the plan the charge paid for, as it was when it was paid (decision 166). */
    plan: planEnum("plan"),
    /** The provider's own fee, when the provider reported it. */
    providerFeeCents: bigint("provider_fee_cents", { mode: "number" }),
    /**
     * A gift's paid row: the part of `gross_cents` the donor added to cover the platform fee
     * (decision 216), so the net is the gift. 0 on every other row.
     */
    feeCoveredCents: bigint("fee_covered_cents", { mode: "number" }).notNull().default(0),
    provider: text("provider"),
    providerEventId: text("provider_event_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** Reconstructed by the migration that created the ledger from the data of the time, not written when the money moved. */
    backfilled: boolean("backfilled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One paid row, one chargeback, one reversal per gift; refunds may be partial, so a gift may
    // have several (each under its own provider event, docs/decisions/151-refunds.md).
    uniqueIndex("ledger_entries_donation_kind")
      .on(t.donationId, t.kind)
      .where(sql`${t.kind} <> 'refund'`),
    unique("ledger_entries_charge_kind").on(t.subscriptionChargeId, t.kind),
    unique("ledger_entries_payout_kind").on(t.payoutId, t.kind),
    unique("ledger_entries_event_kind").on(t.providerEventId, t.kind),
    index("ledger_entries_organization_idx").on(t.organizationId),
    index("ledger_entries_party_idx").on(t.partyId),
    index("ledger_entries_occurred_idx").on(t.occurredAt),
    check("ledger_entries_gross_is_fee_plus_net", sql`${t.grossCents} = ${t.feeCents} + ${t.netCents}`),
    check("ledger_entries_one_source", sql`num_nonnulls(${t.donationId}, ${t.subscriptionChargeId}, ${t.payoutId}) = 1`),
    check(
      "ledger_entries_fee_covered_on_gift",
      sql`${t.feeCoveredCents} = 0 or (${t.kind} = 'gift_paid' and ${t.feeCoveredCents} > 0 and ${t.feeCoveredCents} < ${t.grossCents})`,
    ),
  ],
);

/** The ledger rows an institution payout transferred: each row at most once (decision 152). */
export const payoutItems = pgTable(
  "payout_items",
  {
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "restrict" }),
    ledgerEntryId: uuid("ledger_entry_id")
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
  },
  (t) => [index("payout_items_payout_idx").on(t.payoutId)],
);

// ---------- refunds (docs/decisions/151-refunds.md) ----------
export const refundStatusEnum = pgEnum("refund_status", REFUND_STATUSES);
/**
 * A refund asked of the provider (by an admin, or for every gift of a cancelled party) or reported
 * by it. The money moves in the ledger when the provider's event arrives; this row says who asked,
 * why, and where the request stands. Unique by the provider's refund id: an event names it.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    donationId: uuid("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id").unique(),
    amountCents: integer("amount_cents").notNull(),
    /** Required when an admin asks; null for a refund made at the provider. */
    reason: text("reason"),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    /** The party cancellation this refund belongs to (its progress counts these rows). */
    partyCancellationId: uuid("party_cancellation_id"),
    status: refundStatusEnum("status").notNull(),
    failureMessage: text("failure_message"),
    /** The provider event that completed it. */
    providerEventId: text("provider_event_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_donation_idx").on(t.donationId),
    index("refunds_cancellation_idx").on(t.partyCancellationId),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

// ---------- e-mail outbox ----------
export const emailStatusEnum = pgEnum("email_status", ["pending", "sent", "failed"]);
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    // Makes "send once" e-mails (e.g. one confirmation per subscription) idempotent.
    dedupeKey: text("dedupe_key").unique(),
    /** Extra headers for the message (List-Unsubscribe on list mail, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /**
     * Set when the message was queued unrendered (subject, html and text empty): the data its
     * template is rendered from, by the worker before sending. A paying transaction only queues.
     */
    renderData: jsonb("render_data").$type<Record<string, unknown>>(),
    status: emailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
  ],
);

// ---------- impact: units, updates, certificates, e-mail lists ----------
/** What an institution's work costs, in its own words ("1 consulta = R$ 80"); admins maintain them. */
export const impactUnits = pgTable(
  "impact_units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    singular: text("singular").notNull(), // "consulta"
    plural: text("plural").notNull(), // "consultas"
    costCents: integer("cost_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("impact_units_organization_idx").on(t.organizationId), check("impact_units_cost_positive", sql`${t.costCents} > 0`)],
);

export const impactUpdateStatusEnum = pgEnum("impact_update_status", IMPACT_UPDATE_STATUSES);

/**
 * An institution's news for a month ("YYYY-MM"), sent in the subscribers' monthly impact report and
 * shown on its public page once `aprovada`. Written by an admin (published at once) or by the
 * institution's team (`submitted_by`; waits for an admin's review, decision 190).
 */
export const impactUpdates = pgTable(
  "impact_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    status: impactUpdateStatusEnum("status").notNull().default("aprovada"),
    /** The team member who wrote it (null: an admin wrote it). */
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Why an admin did not approve it (shown to the team). */
    reviewNote: text("review_note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("impact_updates_month_idx").on(t.month, t.organizationId),
    index("impact_updates_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pendente'`),
    // What a team wrote is published or refused only by a review.
    check("impact_updates_reviewed", sql`${t.status} = 'pendente' or ${t.submittedBy} is null or ${t.reviewedAt} is not null`),
  ],
);

/**
 * An impact unit an institution's team proposes from its dashboard (decision 191): a new unit
 * (`unit_id` null) or new words/cost for one of its units. Kept apart from `impact_units`, so every
 * reader of units (/doar's panel, certificates) sees only what an admin approved: approving copies
 * the proposal into `impact_units`; refusing sends it back with a reason.
 */
export const impactUnitProposals = pgTable(
  "impact_unit_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The unit it changes (null: a new unit). */
    unitId: uuid("unit_id").references(() => impactUnits.id, { onDelete: "cascade" }),
    singular: text("singular").notNull(),
    plural: text("plural").notNull(),
    costCents: integer("cost_cents").notNull(),
    status: impactUpdateStatusEnum("status").notNull().default("pendente"),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Why an admin did not approve it (shown to the team). */
    reviewNote: text("review_note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("impact_unit_proposals_organization_idx").on(t.organizationId, t.createdAt),
    index("impact_unit_proposals_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pendente'`),
    check("impact_unit_proposals_cost_positive", sql`${t.costCents} > 0`),
    // Published or refused only by a review; a refusal always carries its reason.
    check("impact_unit_proposals_reviewed", sql`${t.status} = 'pendente' or ${t.reviewedAt} is not null`),
    check("impact_unit_proposals_refusal_reason", sql`${t.status} <> 'recusada' or length(trim(${t.reviewNote})) > 0`),
  ],
);

/**
 * An impact certificate's public verification code: one per ended party, or one per subscriber and
 * year. The figures are read from the ledger when shown; the code only proves the certificate is ours.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    partyId: uuid("party_id")
      .unique()
      .references(() => parties.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    year: integer("year"),
    /** When the party's creator was told by e-mail that the certificate is ready. */
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("certificates_user_year").on(t.userId, t.year),
    check("certificates_one_kind", sql`(${t.partyId} is null) <> (${t.userId} is null and ${t.year} is null)`),
  ],
);

/**
 * The news a party's creator sends to the donors who asked for it (during the party and after):
 * one row per message, at most one per party in 24 h (decision 212; the table keeps its first
 * name, from when a party had a single thank-you).
 */
export const partyThankYous = pgTable(
  "party_thank_yous",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    recipients: integer("recipients").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("party_thank_yous_party_idx").on(t.partyId, t.createdAt.desc())],
);

/** Addresses that left a mailing list (one-click unsubscribe, RFC 8058): list mail skips them. */
export const emailUnsubscribes = pgTable(
  "email_unsubscribes",
  {
    email: text("email").notNull(), // lower case
    list: text("list").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.list] })],
);

// ---------- audit ----------
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);

// ---------- operations ----------
/**
 * Small facts about this database that the running instances share (docs/decisions/101):
 * `database_identity` (which PostgreSQL database this is; a change means a restored copy) and
 * `outbox_paused` (present while e-mail sending is paused; its value says why).
 */
export const systemState = pgTable("system_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------- matching sponsors (decision 215) ----------
export const pledgeStatusEnum = pgEnum("match_pledge_status", PLEDGE_STATUSES);
/**
 * A sponsor's promise to match a party's gifts: `ratio_percent`/100 of each paid gift (100 = 1:1,
 * "cada real vale dois") until `cap_cents` is used or the deadline passes. `matched_cents` is what
 * paid gifts have claimed so far (the sum of its allocations) — money PROMISED by the sponsor,
 * never counted as received (not in the party's raised total nor in the ledger).
 */
export const matchPledges = pgTable(
  "match_pledges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    sponsorName: text("sponsor_name").notNull(),
    /** 11 digits (CPF) or 14 characters (CNPJ), no punctuation. */
    sponsorDocument: text("sponsor_document").notNull(),
    sponsorEmail: text("sponsor_email"),
    sponsorLogoUrl: text("sponsor_logo_url"),
    ratioPercent: integer("ratio_percent").notNull().default(100),
    capCents: bigint("cap_cents", { mode: "number" }).notNull(),
    matchedCents: bigint("matched_cents", { mode: "number" }).notNull().default(0),
    status: pledgeStatusEnum("status").notNull(),
    /** Gifts paid until this moment are matched. */
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** When it stopped matching: closed by the job past its deadline or its party's end, or cancelled (decision 220). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * When the sponsor's payment e-mail was queued — set in the transaction that queues it, only
     * where still null: the e-mail goes once, however many workers close pledges at once.
     */
    paymentRequestedAt: timestamp("payment_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pledge matching a party at a time: a gift never has to choose.
    uniqueIndex("match_pledges_one_active_per_party")
      .on(t.partyId)
      .where(sql`${t.status} = 'ativa'`),
    check("match_pledges_cap_positive", sql`${t.capCents} > 0`),
    check("match_pledges_matched_within_cap", sql`${t.matchedCents} >= 0 and ${t.matchedCents} <= ${t.capCents}`),
    check("match_pledges_ratio_range", sql`${t.ratioPercent} between 1 and 1000`),
  ],
);

/** One row per matched paid gift: what it claimed of its pledge. Removed when the gift is refunded. */
export const matchAllocations = pgTable(
  "match_allocations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pledgeId: uuid("pledge_id")
      .notNull()
      .references(() => matchPledges.id, { onDelete: "restrict" }),
    donationId: uuid("donation_id")
      .notNull()
      .unique()
      .references(() => donations.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("match_allocations_pledge_idx").on(t.pledgeId), check("match_allocations_amount_positive", sql`${t.amountCents} > 0`)],
);
