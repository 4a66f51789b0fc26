/**
 * A party page's public live stream (/festa/:id/eventos): when gifts become paid on this party,
 * every guest watching gets a `snapshot` — at most one per 250 ms however many gifts arrive, read
 * after the last of them (issue 32 item 5) — the totals and the newest paid gifts exactly as the
 * page shows them (PublicGift: name or anonymous, message, amount, date; never an e-mail, never the
 * owner). The snapshot is read and serialised once per change per process, however many guests
 * watch, and the guests of a party share one subscription (issue 19: 10 000 streams per process).
 * The paid gift is announced after its commit, so a crash in between loses the announcement: every
 * CATCH_UP_MS one query compares the watched parties' totals with the last snapshot each was sent,
 * and a party whose totals moved unannounced gets a fresh one.
 */
import { type DonationPaidSubscriber, subscribeToPartyDonations } from "~/domain/donations/index.server";
import { findPartyForPage } from "./parties.server";
import { type PartyLiveSnapshot, readPartyLiveSnapshot, readPartyTotals } from "./party-live-snapshot.server";
import { partyVisibility } from "./party-status";
import { liveEventStream, sseEvent, sseEventBytes } from "~/platform/http/event-stream.server";
import type { StreamSlot } from "~/platform/http/live-streams.server";
import { coalescer, LIVE_MESSAGE_INTERVAL_MS } from "~/platform/coalesce";

type Subscribe = (partyId: string, fn: DonationPaidSubscriber) => Promise<() => void>;
type Event = Promise<Uint8Array | null>;
type Member = { deliver: (event: Uint8Array) => void; joinedAt: number };

/**
 * The guests of one party on this process: one subscription to the fan-out for all of them, each
 * gift's snapshot read and serialised once, the same bytes handed to every stream; and, on
 * connect, a snapshot read shared by the guests who join while it runs.
 */
type Hub = {
  members: Set<Member>;
  subscription: Promise<() => void>;
  off?: () => void;
  /** Events go out in the order they were heard, whichever snapshot read ends first. */
  chain: Promise<unknown>;
  /** Join order: a read started at `joins` covers every guest who joined before it. */
  joins: number;
  current?: { startedAt: number; event: Event };
  /** The totals of the last snapshot read for these guests ("raised:count"); see catchUp. */
  seen?: string;
  /** Gifts heard within LIVE_MESSAGE_INTERVAL_MS of the last snapshot share the next one. */
  changed: { poke(): void; cancel(): void };
};

const CATCH_UP_MS = 30_000;
const totalsKey = (s: { raisedCents: number; paidCount: number }) => `${s.raisedCents}:${s.paidCount}`;

/** Hands `snapshot` to every guest of `hub`, in the order the snapshots were asked for. */
function deliverSnapshot(hub: Hub, snapshot: Promise<PartyLiveSnapshot | null>) {
  snapshot.then(
    (value) => value && (hub.seen = totalsKey(value)),
    () => {},
  );
  const bytes = asBytes(snapshot);
  hub.chain = hub.chain
    .then(() => bytes)
    .then(
      (chunk) => {
        if (chunk) for (const member of hub.members) member.deliver(chunk);
      },
      () => {}, // no snapshot this time: the next gift's carries the totals
    );
}

/** One query for all the watched parties of `hubs`; a fresh snapshot where the totals moved unannounced. */
async function catchUp(hubs: Map<string, Hub>) {
  const ids = [...hubs.keys()];
  for (let i = 0; i < ids.length; i += 5_000) {
    for (const row of await readPartyTotals(ids.slice(i, i + 5_000))) {
      const hub = hubs.get(row.id);
      if (hub?.seen !== undefined && hub.seen !== totalsKey(row)) hub.changed.poke();
    }
  }
}

const catchUpTimers = new WeakMap<Map<string, Hub>, NodeJS.Timeout>();
function startCatchUp(hubs: Map<string, Hub>, periodMs: number) {
  if (catchUpTimers.has(hubs)) return;
  const timer = setInterval(() => {
    if (hubs.size > 0) catchUp(hubs).catch(() => {});
  }, periodMs);
  timer.unref?.();
  catchUpTimers.set(hubs, timer);
}

const hubsBySubscribe = new WeakMap<Subscribe, Map<string, Hub>>();
/** Serialised once; a failed read is each stream's to handle, never an unhandled rejection. */
function asBytes(snapshot: Promise<PartyLiveSnapshot | null>): Event {
  const event = snapshot.then((value) => (value ? sseEventBytes("snapshot", value) : null));
  event.catch(() => {});
  return event;
}

async function joinParty(
  partyId: string,
  subscribe: Subscribe,
  read: typeof readPartyLiveSnapshot,
  deliver: Member["deliver"],
  catchUpMs = CATCH_UP_MS,
) {
  let hubs = hubsBySubscribe.get(subscribe);
  if (!hubs) hubsBySubscribe.set(subscribe, (hubs = new Map()));
  startCatchUp(hubs, catchUpMs);
  let hub = hubs.get(partyId);
  if (!hub) {
    // Each gift announces a change; one snapshot per LIVE_MESSAGE_INTERVAL_MS carries all of them,
    // read after the last (its totals are current), serialised once for every guest.
    const changed = coalescer(LIVE_MESSAGE_INTERVAL_MS, () => {
      deliverSnapshot(created, read(partyId));
      return created.chain;
    });
    const created: Hub = {
      members: new Set(),
      joins: 0,
      chain: Promise.resolve(),
      changed,
      subscription: subscribe(partyId, () => changed.poke()).then((off) => (created.off = off)),
    };
    hubs.set(partyId, (hub = created));
  }
  const member: Member = { deliver, joinedAt: ++hub.joins };
  const joined = hub;
  joined.members.add(member);
  const leave = () => {
    if (!joined.members.delete(member) || joined.members.size > 0) return;
    if (hubs.get(partyId) === joined) hubs.delete(partyId);
    joined.changed.cancel();
    if (joined.off) joined.off();
    else
      joined.subscription.then(
        (off) => off(),
        () => {},
      );
  };
  try {
    await joined.subscription;
  } catch (error) {
    leave();
    throw error;
  }
  /** The snapshot for this guest's connect: a read started after they joined, shared if one runs. */
  const current = () => {
    if (!joined.current || joined.current.startedAt < member.joinedAt) {
      const snapshot = read(partyId);
      snapshot.then(
        (value) => value && (joined.seen ??= totalsKey(value)),
        () => {},
      );
      const entry = { startedAt: joined.joins, event: asBytes(snapshot) };
      joined.current = entry;
      // Once read, later guests need a read of their own (a failed read: each stream closes on it).
      const done = () => {
        if (joined.current === entry) joined.current = undefined;
      };
      entry.event.then(done, done);
    }
    return joined.current.event;
  };
  return { leave, current };
}

// Guests opening the same party's stream at once (a viral link, a reconnect burst after a deploy)
// share the one lookup in flight: no copy is kept once it has answered.
const lookups = new Map<string, Promise<string | null>>();

/** The id of the party `key` names when it is live (the only parties with a stream), else null. */
export function liveStreamPartyId(key: string): Promise<string | null> {
  let lookup = lookups.get(key);
  if (!lookup) {
    lookup = findPartyForPage(key).then((party) => (party && partyVisibility(party) === "live" ? party.id : null));
    const done = () => lookups.delete(key);
    lookup.then(done, done);
    lookups.set(key, lookup);
  }
  return lookup;
}

type Options = {
  keepAliveMs?: number;
  slot?: StreamSlot;
  subscribe?: Subscribe;
  read?: typeof readPartyLiveSnapshot;
  /** How often the watched parties' totals are compared with what was sent (tests shorten it). */
  catchUpMs?: number;
};

export function partyGiftStream(partyId: string, signal: AbortSignal, options: Options = {}): ReadableStream<Uint8Array> {
  const subscribe = options.subscribe ?? subscribeToPartyDonations;
  const read = options.read ?? readPartyLiveSnapshot;
  let current: () => Event = () => asBytes(read(partyId));
  return liveEventStream(signal, {
    keepAliveMs: options.keepAliveMs,
    slot: options.slot,
    subscribe: async (emit) => {
      const joined = await joinParty(partyId, subscribe, read, (event) => emit(() => event), options.catchUpMs);
      current = joined.current;
      return joined.leave;
    },
    // On (re)connect: the current numbers, so a copy of the page cached a few seconds ago catches up.
    ready: async () => (await current()) ?? sseEvent("ready"),
  });
}
