import { sql } from "drizzle-orm";
import { type Connection, type Executor, getConnection } from "~/platform/db.server";
import type { Announcement } from "~/platform/db/announcer.server";
import { OUTBOX_CHANNEL } from "~/platform/mail/outbox.server";

/** The Postgres NOTIFY channel that carries "a gift became paid" to every server instance. */
export const DONATION_PAID_CHANNEL = "donation_paid";

export type DonationPaidEvent = {
  donationId: string;
  /** Null for a gift to an institution (no party, no creator to tell). */
  partyId: string | null;
  ownerUserId: string | null;
  amountCents: number;
};

/**
 * Announces a paid gift from inside a transaction (delivered on its commit). The payment paths do
 * not: they announce after their commit (paidGiftAnnouncements), so that the paying transactions do
 * not commit one at a time.
 */
export async function notifyDonationPaid(executor: Executor, event: DonationPaidEvent) {
  await executor.execute(sql`select pg_notify(${DONATION_PAID_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * What a committed paid gift announces (announceAfterCommit): the live streams' event (none when
 * `event` is null) and, when
 * its e-mails were queued, the outbox wake-up. Never sent from inside the paying transaction: a
 * NOTIFY there serialises the commits of every paying transaction (announcer.server.ts).
 */
export function paidGiftAnnouncements(event: DonationPaidEvent | null, { mailed }: { mailed: boolean }): Announcement[] {
  const items: Announcement[] = event ? [{ channel: DONATION_PAID_CHANNEL, payload: JSON.stringify(event) }] : [];
  if (mailed) items.push({ channel: OUTBOX_CHANNEL, payload: "paid" });
  return items;
}

// ---- in-process fan-out: one LISTEN per process, many /painel streams ----

export type DonationPaidSubscriber = (event: DonationPaidEvent) => void;
type ListenFn = (channel: string, onPayload: (payload: string) => void) => Promise<unknown>;

function parseEvent(payload: string): DonationPaidEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<DonationPaidEvent>;
    if (typeof e.donationId !== "string" || typeof e.amountCents !== "number") return null;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return { donationId: e.donationId, partyId: text(e.partyId), ownerUserId: text(e.ownerUserId), amountCents: e.amountCents };
  } catch {
    return null;
  }
}

/**
 * Routes each 'donation_paid' notification to the subscribers of its party's owner (their /painel
 * stream), to the subscribers of the party itself (its public page's stream) and to the one donor
 * page waiting for that gift (Pix), so a stream never carries someone else's gifts. The database LISTEN starts with the first subscriber and is shared
 * by all of them.
 */
export function createDonationPaidFanout(listen: ListenFn) {
  const byKey = new Map<string, Set<DonationPaidSubscriber>>();
  let started: Promise<unknown> | undefined;

  function dispatch(payload: string) {
    const event = parseEvent(payload);
    if (!event) return;
    const keys = [`donation:${event.donationId}`];
    if (event.ownerUserId) keys.push(`owner:${event.ownerUserId}`);
    if (event.partyId) keys.push(`party:${event.partyId}`);
    for (const key of keys) {
      for (const fn of byKey.get(key) ?? []) {
        try {
          fn(event);
        } catch {
          // One broken stream must not starve the others.
        }
      }
    }
  }

  async function add(key: string, fn: DonationPaidSubscriber): Promise<() => void> {
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(fn);
    started ??= listen(DONATION_PAID_CHANNEL, dispatch).catch((error) => {
      started = undefined; // the next subscriber tries again
      throw error;
    });
    try {
      await started;
    } catch (error) {
      set.delete(fn);
      throw error;
    }
    return () => {
      set!.delete(fn);
      if (set!.size === 0 && byKey.get(key) === set) byKey.delete(key);
    };
  }

  return {
    /** Gifts paid on any party of `ownerUserId` (the creator's /painel). */
    subscribe: (ownerUserId: string, fn: DonationPaidSubscriber) => add(`owner:${ownerUserId}`, fn),
    /** Gifts paid on one party (its public page). */
    subscribeParty: (partyId: string, fn: DonationPaidSubscriber) => add(`party:${partyId}`, fn),
    /** One gift becoming paid (the donor's Pix page). */
    subscribeToDonation: (donationId: string, fn: DonationPaidSubscriber) => add(`donation:${donationId}`, fn),
    subscriberCount: () => [...byKey.values()].reduce((n, s) => n + s.size, 0),
    dispatch,
  };
}
export type DonationPaidFanout = ReturnType<typeof createDonationPaidFanout>;

const fanouts = new WeakMap<Connection, DonationPaidFanout>();

/** The process's fan-out for the current database connection. */
export function donationPaidFanout(connection: Connection = getConnection()): DonationPaidFanout {
  let fanout = fanouts.get(connection);
  if (!fanout) fanouts.set(connection, (fanout = createDonationPaidFanout((c, cb) => connection.listen(c, cb))));
  return fanout;
}

/** Calls `fn` for every gift that becomes paid on a party owned by `ownerUserId`. */
export function subscribeToOwnerDonations(ownerUserId: string, fn: DonationPaidSubscriber) {
  return donationPaidFanout().subscribe(ownerUserId, fn);
}

/** Calls `fn` once the gift `donationId` becomes paid (the donor's Pix page). */
export function subscribeToDonationPaid(donationId: string, fn: DonationPaidSubscriber) {
  return donationPaidFanout().subscribeToDonation(donationId, fn);
}

/** Calls `fn` for every gift that becomes paid on the party `partyId`. */
export function subscribeToPartyDonations(partyId: string, fn: DonationPaidSubscriber) {
  return donationPaidFanout().subscribeParty(partyId, fn);
}
