/**
 * The host's guests (issue 29, item 6; decision 212): every paid gift of their party, a page at a
 * time and searchable by the donor's name, and the guests who agreed at the gift that the host
 * gets their name and e-mail. Ownership is in every where (the party's owner or an accepted
 * co-host, decision 217): another account's party reads as empty.
 */
import { and, count, eq, isNotNull, notExists, type SQL, sql } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { type PublicGift, PUBLIC_GIFT_COLUMNS, publicGiftOf } from "~/domain/donations/index.server";
import { nameContains } from "./name-search.server";
import { hostedBy } from "./party-hosts.server";

const { donations, parties, emailUnsubscribes } = schema;

export const GUESTS_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 100;

/** `?busca=` as the list uses it: trimmed, spaces collapsed, at most 100 characters; empty is no search. */
export function normaliseGuestSearch(raw: string | null | undefined): string {
  return (raw ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH_LENGTH);
}

/** `?pagina=`: a whole number from 1; anything else is the first page. */
export function parseGuestPage(raw: string | null | undefined): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function paidGiftsOf(ownerId: string, partyId: string, search: string): SQL {
  const conditions = [
    eq(donations.partyId, partyId),
    eq(donations.status, "paga"),
    // Ownership: the party must be the asking user's.
    sql`exists (select 1 from ${parties} where ${parties.id} = ${donations.partyId} and ${hostedBy(ownerId)})`,
  ];
  // An anonymous donor's name is never matched: a search must not tell who gave anonymously.
  if (search) conditions.push(eq(donations.anonymous, false), nameContains(donations.donorName, search));
  return and(...conditions)!;
}

export type GuestGiftsPage = { gifts: PublicGift[]; total: number; page: number; pageSize: number; search: string };

/** One page of the party's paid gifts, newest first, as the public may see them (no e-mail; "Doador Anônimo"). */
export async function listPartyGuestGifts(
  ownerId: string,
  partyId: string,
  options: { page?: number; search?: string } = {},
  executor: Executor = db,
): Promise<GuestGiftsPage> {
  const search = normaliseGuestSearch(options.search);
  const where = paidGiftsOf(ownerId, partyId, search);
  const [counted] = await executor.select({ n: count() }).from(donations).where(where);
  const total = counted?.n ?? 0;
  // A page past the end (an old link, a narrower search) shows the last one.
  const page = Math.min(Math.max(1, options.page ?? 1), Math.max(1, Math.ceil(total / GUESTS_PAGE_SIZE)));
  const rows = await executor
    .select(PUBLIC_GIFT_COLUMNS)
    .from(donations)
    .where(where)
    // The index's order (donations_party_paid_idx: created_at DESC NULLS LAST), then a stable tie-break.
    .orderBy(sql`${donations.createdAt} desc nulls last`, sql`${donations.id} desc`)
    .limit(GUESTS_PAGE_SIZE)
    .offset((page - 1) * GUESTS_PAGE_SIZE);
  return {
    gifts: rows.map(publicGiftOf),
    total,
    page,
    pageSize: GUESTS_PAGE_SIZE,
    search,
  };
}

export type GuestContact = { name: string; email: string; paidAt: Date; amountCents: number };

/**
 * The donors were told "essa pessoa" (the one who organises) gets their contact: the party's owner
 * only, never a co-host (decision 217), so the contacts' where names the owner.
 */
function contactsWhere(ownerId: string, partyId: string): SQL {
  return and(
    eq(donations.partyId, partyId),
    eq(donations.status, "paga"),
    // Ticked under the text that says the host gets name and e-mail (the check keeps anonymous gifts out).
    eq(donations.sharesContactWithHost, true),
    eq(donations.anonymous, false),
    isNotNull(donations.donorEmail),
    isNotNull(donations.donorName),
    sql`exists (select 1 from ${parties} where ${parties.id} = ${donations.partyId} and ${parties.userId} = ${ownerId})`,
    // Whoever left the party news list ("descadastrar") leaves the host's list too.
    notExists(
      db
        .select({ one: sql`1` })
        .from(emailUnsubscribes)
        .where(and(eq(emailUnsubscribes.email, sql`lower(${donations.donorEmail})`), eq(emailUnsubscribes.list, "noticias-festas"))),
    ),
  )!;
}

/** The guests who agreed to be contacted by the host: one row per paid gift, oldest first (the CSV). */
export async function listGuestContacts(ownerId: string, partyId: string, executor: Executor = db): Promise<GuestContact[]> {
  const rows = await executor
    .select({
      name: donations.donorName,
      email: sql<string>`lower(${donations.donorEmail})`,
      paidAt: sql<Date>`coalesce(${donations.paidAt}, ${donations.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      amountCents: donations.amountCents,
    })
    .from(donations)
    .where(contactsWhere(ownerId, partyId))
    .orderBy(sql`coalesce(${donations.paidAt}, ${donations.createdAt})`, donations.id)
    .limit(100_000);
  return rows.map((r) => ({ ...r, name: r.name!.trim() }));
}

/** How many rows the CSV would have (the dashboard says it before the download). */
export async function countGuestContacts(ownerId: string, partyId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(donations).where(contactsWhere(ownerId, partyId));
  return row?.n ?? 0;
}
