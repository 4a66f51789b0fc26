/**
 * What a sponsor has paid of a pledge (decision 220), read from the ledger: every money row of the
 * pledge's settlement gifts (`donations.match_pledge_id`) — the paid row, less any refund or
 * chargeback, plus a reversal. Derived, never stored: the ledger stays the one record of money, and
 * both paid paths (decision 205) write nothing new for it.
 */
import { sql } from "drizzle-orm";

/**
 * Centavos the sponsor has paid of the `match_pledges` row in scope (a select from that table):
 * named in full, as drizzle leaves a one-table select's columns unqualified.
 */
export function sponsorPaidCents() {
  return sql<number>`coalesce((select sum(le.gross_cents - le.fee_covered_cents) from ledger_entries le
    join donations sd on sd.id = le.donation_id
    where sd.match_pledge_id = "match_pledges"."id" and le.kind <> 'payout'), 0)`.mapWith(Number);
}

/** What is still due: promised minus paid, never below zero (a refund after the payment can shrink the promise). */
export const dueCents = (matchedCents: number, paidCents: number) => Math.max(0, matchedCents - paidCents);
