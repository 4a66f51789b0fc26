/**
 * Public figures for /transparencia that are not money. Every amount (raised, fees, causes,
 * parties, payouts) is read from the ledger (`~/domain/ledger`, docs/decisions/130-ledger.md).
 */
import { count, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

const { organizations } = schema;

export async function countActiveOrganizations() {
  const [row] = await db.select({ n: count() }).from(organizations).where(eq(organizations.active, true));
  return row?.n ?? 0;
}
