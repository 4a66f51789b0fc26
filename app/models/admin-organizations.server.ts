/** NGOs (ONGs) as admins manage them; /causas shows the active ones. */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { db, type Executor, schema } from "~/db.server";

const { organizations, causes } = schema;

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
    })
    .from(organizations)
    .leftJoin(causes, eq(causes.id, organizations.causeId))
    .orderBy(desc(organizations.active), desc(organizations.isMain), asc(organizations.name));
}

export async function insertOrganization(executor: Executor, input: OrganizationInput) {
  const [row] = await executor.insert(organizations).values(input).returning({ id: organizations.id });
  return row!;
}

/** Returns false when the NGO does not exist. */
export async function updateOrganization(executor: Executor, id: string, input: OrganizationInput): Promise<boolean> {
  const rows = await executor.update(organizations).set(input).where(eq(organizations.id, id)).returning({ id: organizations.id });
  return rows.length > 0;
}

export async function setOrganizationActive(executor: Executor, id: string, active: boolean) {
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

/** Only one NGO is the main supported charity: marking one unmarks the others. */
export async function clearOtherMainOrganizations(executor: Executor, keepId: string) {
  await executor
    .update(organizations)
    .set({ isMain: false })
    .where(and(eq(organizations.isMain, true), ne(organizations.id, keepId)));
}
