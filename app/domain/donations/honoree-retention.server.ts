import { and, isNotNull, lte, ne, sql } from "drizzle-orm";
import { db, schema, type Executor } from "~/platform/db.server";

/**
 * How long an unpaid gift keeps its honoree's e-mail (decision 214). The paying transaction clears
 * it when it queues the card; a gift that is never paid has no use for a third party's address. A
 * gift our 24 h job cancelled still accepts a provider's late confirmation (donation-status.ts), so
 * the address waits a week — past that, a late payment sends no card.
 */
const UNPAID_HONOREE_EMAIL_DAYS = 7;

/** Housekeeping: clears the honoree's e-mail of gifts not paid this long after they were made; returns how many. */
export async function purgeUnpaidHonoreeEmails(olderThanDays = UNPAID_HONOREE_EMAIL_DAYS, executor: Executor = db): Promise<number> {
  const { donations } = schema;
  const rows = await executor
    .update(donations)
    .set({ honoreeEmail: null })
    .where(
      and(
        isNotNull(donations.honoreeEmail),
        ne(donations.status, "paga"),
        lte(donations.createdAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .returning({ id: donations.id });
  return rows.length;
}
