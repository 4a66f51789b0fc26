/** NGOs (ONGs) as admins manage them; /causas shows the active ones. */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { PixKeyType } from "./pix-key";
import { db, type Executor, schema } from "~/platform/db.server";
import { foldName } from "~/platform/text";

const { organizations, causes, user } = schema;

export type OrganizationInput = {
  name: string;
  slug: string;
  causeId: string | null;
  city: string;
  state: string;
  description: string;
  bannerUrl: string | null;
  email: string | null;
  isMain: boolean;
  legalName: string;
  cnpj: string; // 14 digits
  logoUrl: string | null;
  siteUrl: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
};

export async function listAllOrganizations() {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      causeId: organizations.causeId,
      causeName: causes.name,
      city: organizations.city,
      state: organizations.state,
      description: organizations.description,
      bannerUrl: organizations.bannerUrl,
      email: organizations.email,
      isMain: organizations.isMain,
      active: organizations.active,
      legalName: organizations.legalName,
      cnpj: organizations.cnpj,
      logoUrl: organizations.logoUrl,
      siteUrl: organizations.siteUrl,
      pixKeyType: organizations.pixKeyType,
      pixKey: organizations.pixKey,
      verifiedAt: organizations.verifiedAt,
      verifiedByName: user.name,
      verificationNote: organizations.verificationNote,
    })
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .leftJoin(user, eq(user.id, organizations.verifiedBy))
    .orderBy(desc(organizations.active), desc(organizations.isMain), asc(organizations.name));
}

export async function insertOrganization(executor: Executor, input: OrganizationInput) {
  const [row] = await executor.insert(organizations).values(input).returning({ id: organizations.id });
  return row!;
}

/** The fields a verification vouches for, locked for an update that may change them. */
export async function findOrganizationForUpdate(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: organizations.id,
      name: organizations.name,
      cnpj: organizations.cnpj,
      pixKeyType: organizations.pixKeyType,
      pixKey: organizations.pixKey,
      verifiedAt: organizations.verifiedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for("update");
  return row ?? null;
}

/**
 * Returns false when the NGO does not exist. `clearVerification` drops a verification that
 * vouched for a CNPJ or Pix key the update changes.
 */
export async function updateOrganization(
  executor: Executor,
  id: string,
  input: OrganizationInput,
  options: { clearVerification?: boolean } = {},
): Promise<boolean> {
  const verification = options.clearVerification ? { verifiedAt: null, verifiedBy: null } : {};
  const rows = await executor
    .update(organizations)
    .set({ ...input, ...verification })
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** Records (or, with `verified: false`, withdraws) an admin's verification. Null when the NGO is gone. */
export async function setOrganizationVerification(
  executor: Executor,
  id: string,
  verification: { verified: boolean; by: string; note: string | null },
) {
  const [row] = await executor
    .update(organizations)
    .set(
      verification.verified
        ? { verifiedAt: sql`now()`, verifiedBy: verification.by, verificationNote: verification.note }
        : { verifiedAt: null, verifiedBy: null, verificationNote: verification.note },
    )
    .where(eq(organizations.id, id))
    .returning({ name: organizations.name, cnpj: organizations.cnpj, verifiedAt: organizations.verifiedAt });
  return row ?? null;
}

/** Whether another NGO already has this CNPJ (14 digits). */
export async function cnpjTaken(executor: Executor, cnpj: string, exceptId?: string): Promise<boolean> {
  const [row] = await executor.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, cnpj));
  return Boolean(row && row.id !== exceptId);
}

/**
 * Whether another NGO already has this public name, ignoring case, accents and extra spaces
 * ("Instituto Árvore" = "instituto arvore"). Call it after `lockNamesOf(tx, "organizations")`, so
 * two saves at once cannot both find the name free. Compared here rather than in SQL: the fold is
 * Unicode's (any accent), and there are a few hundred institutions at most.
 */
export async function organizationNameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
  const wanted = foldName(name);
  const rows = await executor.select({ id: organizations.id, name: organizations.name }).from(organizations);
  return rows.some((r) => r.id !== exceptId && foldName(r.name) === wanted);
}

export async function updateOrganizationActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor
    .update(organizations)
    .set({ active })
    .where(eq(organizations.id, id))
    .returning({ name: organizations.name });
  return row ?? null;
}

/** Whether another NGO already uses this /causas anchor. */
export async function slugTaken(executor: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await executor.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
  return Boolean(row && row.id !== exceptId);
}

/**
 * Only one NGO is the main supported charity (a partial unique index says so): marking one unmarks
 * the others. Call it BEFORE marking (`keepId` null for one not inserted yet). Two saves marking two
 * NGOs at once take turns on an advisory lock, so the second clears what the first marked.
 */
export async function clearOtherMainOrganizations(executor: Executor, keepId: string | null) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('organizations.is_main'))`);
  await executor
    .update(organizations)
    .set({ isMain: false })
    .where(keepId ? and(eq(organizations.isMain, true), ne(organizations.id, keepId)) : eq(organizations.isMain, true));
}

/** A concurrent save that won the CNPJ's unique constraint (the pre-check cannot see it). */
export function isCnpjConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505") return pg.constraint === "organizations_cnpj_unique";
  }
  return false;
}

// One lock per kind of name: a cause and an institution may share a name.
const NAME_LOCKS = { causes: 72817301, organizations: 72817302 } as const;

/** Serialises name checks of one kind until the transaction ends (names have no unique index). */
export async function lockNamesOf(executor: Executor, kind: keyof typeof NAME_LOCKS) {
  await executor.execute(sql`select pg_advisory_xact_lock(${NAME_LOCKS[kind]})`);
}
