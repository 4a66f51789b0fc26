/**
 * The live streams (server-sent events) this process holds open: a cap per visitor, so one
 * account or one address cannot pin the process's memory with streams (answered 429), and the
 * list that a stop walks to close every stream with a retry hint, so browsers reconnect to
 * another instance instead of seeing an error.
 */
import { LIVE_STREAMS_PER_IP, LIVE_STREAMS_PER_USER } from "./limits.server";

export type StreamSlot = {
  /** Called once when the process stops (at once if it is already stopping) with the delay to suggest. */
  onStop(close: (retryMs: number) => void): void;
  /** Gives the slot back; safe to call more than once. */
  release(): void;
};

type Entry = { userId: string; ip: string; close?: (retryMs: number) => void };

export class LiveStreams {
  private readonly open = new Set<Entry>();
  /** Streams held per user and per address: counted, never found by walking every open stream. */
  private readonly byUser = new Map<string, number>();
  private readonly byIp = new Map<string, number>();
  private stopping = false;

  constructor(private readonly limits = { perUser: LIVE_STREAMS_PER_USER, perIp: LIVE_STREAMS_PER_IP }) {}

  get size() {
    return this.open.size;
  }

  /** A slot for one more stream of this visitor, or null when they already hold their share. */
  acquire(visitor: { userId: string; ip: string }): StreamSlot | null {
    const byUser = this.byUser.get(visitor.userId) ?? 0;
    const byIp = this.byIp.get(visitor.ip) ?? 0;
    if (byUser >= this.limits.perUser || byIp >= this.limits.perIp) return null;
    const entry: Entry = { ...visitor };
    this.open.add(entry);
    this.byUser.set(visitor.userId, byUser + 1);
    this.byIp.set(visitor.ip, byIp + 1);
    return {
      onStop: (close) => {
        if (this.stopping) close(retryDelayMs());
        else entry.close = close;
      },
      release: () => {
        if (!this.open.delete(entry)) return;
        decrement(this.byUser, entry.userId);
        decrement(this.byIp, entry.ip);
      },
    };
  }

  /** Closes every stream with a retry hint; streams opened afterwards close at once. Returns how many. */
  closeAll(): number {
    this.stopping = true;
    const entries = [...this.open];
    for (const entry of entries) entry.close?.(retryDelayMs());
    return entries.length;
  }
}

function decrement(counts: Map<string, number>, key: string) {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/** Spread over 1–4 s, so the browsers of a stopped instance do not reconnect in one burst. */
function retryDelayMs() {
  return 1_000 + Math.floor(Math.random() * 3_000);
}

/** This process's streams. */
export const liveStreams = new LiveStreams();
