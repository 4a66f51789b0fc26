import { and, eq, type Placeholder, sql } from "drizzle-orm";
import { db, type Executor, preparedPerConnection, schema } from "~/platform/db.server";

/** What a public page may show about a gift (decisions.md, Privacy): never the e-mail. */
export type PublicGift = {
  id: string;
  /** null when the donor chose to be anonymous: the page says 'Doador Anônimo'. */
  name: string | null;
  message: string | null;
  createdAt: string;
  amountCents: number;
  /** "em homenagem a …": the honoree's name, only when the donor ticked it (decision 214); never their e-mail. */
  honoree: string | null;
};

/** The columns a public gift is made of (publicGiftOf reads them). */
export const PUBLIC_GIFT_COLUMNS = {
  id: schema.donations.id,
  anonymous: schema.donations.anonymous,
  donorName: schema.donations.donorName,
  message: schema.donations.message,
  createdAt: schema.donations.createdAt,
  amountCents: schema.donations.amountCents,
  honoreeName: schema.donations.honoreeName,
  honoreeOnPartyPage: schema.donations.honoreeOnPartyPage,
};

type PublicGiftRow = {
  id: string;
  anonymous: boolean;
  donorName: string | null;
  message: string | null;
  createdAt: Date;
  amountCents: number;
  honoreeName: string | null;
  honoreeOnPartyPage: boolean;
};

/**
 * A gift as the public sees it: the name, or null for 'Doador Anônimo'; the homage only when the
 * donor allowed it — an anonymous gift too, since it names the honoree, not the donor.
 */
export function publicGiftOf(r: PublicGiftRow): PublicGift {
  return {
    id: r.id,
    name: r.anonymous ? null : r.donorName?.trim() || null,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    amountCents: r.amountCents,
    honoree: r.honoreeOnPartyPage ? r.honoreeName?.trim() || null : null,
  };
}

/**
 * The newest paid gifts of one party. Reads through donations_party_paid_idx, so the cost is the
 * limit, not the number of gifts.
 */
export async function listRecentPaidGifts(partyId: string, limit: 5 | 10, executor: Executor = db): Promise<PublicGift[]> {
  const rows = executor === db ? await recentPaidGifts().execute({ partyId, limit }) : await recentPaidGiftsQuery(executor, partyId, limit);
  return rows.map(publicGiftOf);
}

// Every party page asks this: prepared once per connection.
const recentPaidGifts = preparedPerConnection((d) =>
  recentPaidGiftsQuery(d, sql.placeholder("partyId"), sql.placeholder("limit")).prepare("recent_paid_gifts"),
);

function recentPaidGiftsQuery(executor: Executor, partyId: string | Placeholder, limit: number | Placeholder) {
  return (
    executor
      .select(PUBLIC_GIFT_COLUMNS)
      .from(schema.donations)
      // 'paga' written in the text, not bound: a prepared (generic) plan can then use the partial
      // index donations_party_paid_idx (WHERE status = 'paga').
      .where(and(eq(schema.donations.partyId, partyId), sql`${schema.donations.status} = 'paga'`))
      // Exactly the index's order (DESC NULLS LAST); a bare DESC means NULLS FIRST and makes
      // Postgres sort every gift of the party instead of reading 10 index entries.
      .orderBy(sql`${schema.donations.createdAt} desc nulls last`)
      .limit(limit)
  );
}

/** The 5 newest paid gifts of each of the given parties (one indexed query per party). */
export async function listRecentPaidGiftsByParty(partyIds: string[]): Promise<Map<string, PublicGift[]>> {
  const lists = await Promise.all(partyIds.map((id) => listRecentPaidGifts(id, 5)));
  return new Map(partyIds.map((id, i) => [id, lists[i]!]));
}
