import { and, asc, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { organizations, causes } = schema;

const publicColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  city: organizations.city,
  state: organizations.state,
  description: organizations.description,
  bannerUrl: organizations.bannerUrl,
  isMain: organizations.isMain,
  causeId: organizations.causeId,
  causeName: causes.name,
  causeIcon: causes.icon,
  cnpj: organizations.cnpj,
  verifiedAt: organizations.verifiedAt,
};

/** What a gift needs: who receives it, whether it may (active, verified) and the cause's impact lines. */
const giftColumns = { ...publicColumns, active: organizations.active, causeImpact: causes.impactLines };

export type PublicOrganization = Awaited<ReturnType<typeof listPublicOrganizations>>[number];

/**
 * Active NGOs for /causas, the main charity first. The filters are already validated: a cause id
 * that is not a uuid never reaches here (PostgreSQL would reject the cast).
 */
export async function listPublicOrganizations(filter: { causeId?: string; city?: string } = {}) {
  const where: SQL[] = [eq(organizations.active, true)];
  if (filter.causeId) where.push(eq(organizations.causeId, filter.causeId));
  if (filter.city) where.push(eq(organizations.city, filter.city));
  return db
    .select(publicColumns)
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .where(and(...where))
    .orderBy(desc(organizations.isMain), asc(organizations.name));
}

/** One active institution's public profile (`/causas/:slug`), with its razão social; null when none is active under that slug. */
export async function findPublicOrganization(slug: string, executor: Executor = db) {
  const [row] = await executor
    .select({ ...publicColumns, legalName: organizations.legalName, siteUrl: organizations.siteUrl })
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .where(and(eq(organizations.slug, slug), eq(organizations.active, true)))
    .limit(1);
  return row ?? null;
}

/** The institutions' public pages (/causas/:slug, its "Prestação de contas") for sitemap.xml: every active one. */
export async function listPublicOrganizationSlugs(executor: Executor = db) {
  return executor
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.active, true))
    .orderBy(asc(organizations.slug));
}

/** What the institution's monthly statement names: its names and CNPJ (any state: a statement of the past stays readable). */
export async function findInstitutionIdentity(id: string, executor: Executor = db) {
  const [row] = await executor
    .select({ name: organizations.name, legalName: organizations.legalName, cnpj: organizations.cnpj, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}

/** The cities that have an active NGO, for the city filter. */
export async function listOrganizationCities() {
  return db
    .selectDistinct({ city: organizations.city, state: organizations.state })
    .from(organizations)
    .where(eq(organizations.active, true))
    .orderBy(asc(organizations.city), asc(organizations.state));
}

/** The institution behind `/doar?ong=slug`, active or not (the caller says why it refuses). */
export async function findOrganizationForGift(slug: string) {
  const [row] = await db
    .select(giftColumns)
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .where(eq(organizations.slug, slug))
    .limit(1);
  return row ?? null;
}
export type OrganizationForGift = NonNullable<Awaited<ReturnType<typeof findOrganizationForGift>>>;

/**
 * The main institution (decision 166): Assine o Bem's charges, gifts that name no institution and
 * /doar without a choice go to it. A partial unique index (`organizations_one_main`) allows at
 * most one row with `is_main`, so no tie-break is needed. This is the one lookup; a SQL statement
 * that must name it inline (the paid-event batch, reconciliation) uses MAIN_INSTITUTION_ID_SQL.
 */
export async function findMainInstitution(executor: Executor = db) {
  const [row] = await executor
    .select(giftColumns)
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .where(eq(organizations.isMain, true))
    .limit(1);
  return row ?? null;
}

/** The main institution's id, or null when none is marked (what the ledger names on a row that names none). */
export async function mainInstitutionId(executor: Executor = db): Promise<string | null> {
  return (await findMainInstitution(executor))?.id ?? null;
}

/** The same lookup as a scalar SQL subquery, for statements written in SQL. */
export const MAIN_INSTITUTION_ID_SQL = "(SELECT id FROM organizations WHERE is_main)";

/** The main institution when it is active: what the home page shows and /doar gives to by default. */
export async function getMainOrganization() {
  const main = await findMainInstitution();
  return main?.active ? main : null;
}

/**
 * The /criar-festa choices: active, verified institutions of active causes, grouped by cause (the
 * cause is the category). A cause without such an institution is left out: nobody would receive
 * its party's gifts. Causes by name; in each, the main charity first, then by name.
 */
export async function listInstitutionsForParties() {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      city: organizations.city,
      state: organizations.state,
      causeId: causes.id,
      causeName: causes.name,
      causeIcon: causes.icon,
    })
    .from(organizations)
    .innerJoin(causes, eq(causes.id, organizations.causeId))
    .where(and(eq(organizations.active, true), isNotNull(organizations.verifiedAt), eq(causes.active, true)))
    .orderBy(asc(causes.name), asc(causes.id), desc(organizations.isMain), asc(organizations.name));
  const groups: InstitutionGroup[] = [];
  for (const { causeId, causeName, causeIcon, ...institution } of rows) {
    const last = groups.at(-1);
    if (last?.causeId === causeId) last.institutions.push(institution);
    else groups.push({ causeId, causeName, causeIcon, institutions: [institution] });
  }
  return groups;
}
type InstitutionGroup = {
  causeId: string;
  causeName: string;
  causeIcon: string | null;
  institutions: Array<{ id: string; name: string; city: string; state: string }>;
};

/**
 * The institution a new party points at, with what decides whether it may (active, verified, of an
 * active cause). In a transaction the rows are locked FOR SHARE: an admin's deactivation or
 * unverification waits for the party to be stored, or the party sees it.
 */
export async function findInstitutionForParty(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: organizations.id,
      active: organizations.active,
      verifiedAt: organizations.verifiedAt,
      causeId: causes.id,
      causeActive: causes.active,
    })
    .from(organizations)
    .innerJoin(causes, eq(causes.id, organizations.causeId))
    .where(eq(organizations.id, id))
    .for("share");
  return row ?? null;
}
