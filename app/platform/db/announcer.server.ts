/**
 * NOTIFY after the commit, batched. PostgreSQL serialises the commits of all transactions that
 * executed NOTIFY (PreCommit_Notify takes a database-wide lock held through the commit and its WAL
 * flush): a paying transaction that notified committed one at a time, about one WAL fsync each
 * (docs/performance.md, 2026-11-27). So the paying transaction only writes; once it has committed,
 * its announcements are handed here and sent by ONE statement for everything waiting, outside any
 * transaction (a transaction that only notifies writes no data to the WAL: its commit waits for no
 * fsync). Identical notifications in a batch are sent once (the outbox wake-up).
 *
 * Nothing depends on an announcement for correctness: a crash between the commit and this
 * statement loses only the wake-up. The e-mail worker also polls the outbox, a party's live
 * stream resends its snapshot on (re)connect and catches up on its own, a Pix page re-checks its
 * gift on every keep-alive.
 */
import { getConnection, type Connection } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

export type Announcement = { channel: string; payload: string };
type Send = (channels: string[], payloads: string[]) => Promise<void>;

/** One statement, whatever the batch size: the channels and payloads as two arrays. */
const NOTIFY_BATCH_SQL = "SELECT pg_notify(n.c, n.p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(c, p, i) ORDER BY n.i";

const RETRY_DELAY_MS = 200;

/**
 * Collects announcements while a batch is being sent and sends them together next: under load
 * many events share one statement, alone each is sent at once. A failed batch is tried once more,
 * then logged and dropped (see above: only a wake-up is lost).
 */
export function createAnnouncer(send: Send, retryDelayMs = RETRY_DELAY_MS) {
  let waiting: Announcement[] = [];
  let waiters: Array<() => void> = [];
  let running: Promise<void> | undefined;

  async function sendBatch(batch: Announcement[]) {
    const seen = new Set<string>();
    const channels: string[] = [];
    const payloads: string[] = [];
    for (const { channel, payload } of batch) {
      const key = `${channel}\u0000${payload}`;
      if (seen.has(key)) continue;
      seen.add(key);
      channels.push(channel);
      payloads.push(payload);
    }
    try {
      await send(channels, payloads);
    } catch {
      await new Promise((r) => setTimeout(r, retryDelayMs));
      try {
        await send(channels, payloads);
      } catch (error) {
        logger.warn({ err: error, notifications: channels.length }, "NOTIFY after commit failed; listeners catch up by polling");
      }
    }
  }

  async function drain() {
    while (waiting.length > 0) {
      const batch = waiting;
      const done = waiters;
      waiting = [];
      waiters = [];
      await sendBatch(batch);
      for (const resolve of done) resolve();
    }
    running = undefined;
  }

  return {
    /** Sends `items` after the batch in flight (if any); resolves once sent (or given up). Never rejects. */
    announce(items: Announcement[]): Promise<void> {
      if (items.length === 0) return Promise.resolve();
      waiting.push(...items);
      const sent = new Promise<void>((resolve) => waiters.push(resolve));
      running ??= drain();
      return sent;
    },
  };
}
type Announcer = ReturnType<typeof createAnnouncer>;

const announcers = new WeakMap<Connection, Announcer>();

function announcerFor(connection: Connection): Announcer {
  let announcer = announcers.get(connection);
  if (!announcer) {
    const send: Send = async (channels, payloads) => {
      if (connection.pool) await connection.pool.query({ name: "notify_batch_v1", text: NOTIFY_BATCH_SQL, values: [channels, payloads] });
      else await connection.pglite!.query(NOTIFY_BATCH_SQL, [channels, payloads]);
    };
    announcers.set(connection, (announcer = createAnnouncer(send)));
  }
  return announcer;
}

/**
 * Sends `items` as NOTIFYs once the caller's transaction has COMMITTED (call it after). Resolves
 * when they have been sent; never rejects.
 */
export function announceAfterCommit(items: Announcement[], connection: Connection = getConnection()): Promise<void> {
  return announcerFor(connection).announce(items);
}
