// The HTTP side of `npm run bench:peak` (scripts/bench-peak.ts): requests over keep-alive
// connections, each donor from a loopback address of its own (so nginx, and the app behind it with
// TRUST_PROXY=on, sees one address per donor, as on the internet), the tallies every step keeps,
// and the creators' live streams.
import http from "node:http";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/** One pool of keep-alive sockets per (host, port, local address): Node keys its pools on all three. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 512 });

/** Donor `n`'s address: 127.1.0.1 … 127.1.15.254 (the whole 127/8 is loopback on Linux). */
export function donorAddress(n: number) {
  const slot = n % (16 * 254);
  return `127.1.${Math.floor(slot / 254)}.${(slot % 254) + 1}`;
}

/** A request; `keepBody` false drains the body without keeping it (page views at thousands a second). */
export function send(
  base: URL,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string; from?: string; keepBody?: boolean },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: options.path,
        method: options.method ?? "GET",
        headers: { ...options.headers, ...(options.body !== undefined ? { "content-length": Buffer.byteLength(options.body) } : {}) },
        localAddress: options.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (options.keepBody === false) res.resume();
        else res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Counts by kind (errors, cache verdicts…). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(kind: string, n = 1) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }
  get total() {
    return [...this.counts.values()].reduce((s, n) => s + n, 0);
  }
  toString() {
    return (
      [...this.counts]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${n} × ${k}`)
        .join(", ") || "none"
    );
  }
}

export type DashboardEvent = { at: number; partyId: string; donationId: string; paidCount: number; dataAt?: number };

/**
 * A creator's dashboard open in a browser: /painel (their parties with their totals; the live one —
 * /painel/festa/:code is the page to share the party, with no live data), its live stream
 * (/painel/eventos), and on each `donation` event the page's data loaded again, as
 * app/components/party/use-live-donations.ts does. Notes when each event for `partyId` arrived and
 * when the data load that followed it finished.
 */
export async function openDashboard(base: URL, cookie: string, partyId: string, errors: Tally) {
  const events: DashboardEvent[] = [];
  const headers = { cookie };
  const page = await send(base, { path: "/painel", headers, keepBody: false });
  if (page.status !== 200) throw new Error(`dashboard answered ${page.status}`);
  let reloading = false;
  let again = false;
  const reload = async (): Promise<void> => {
    if (reloading) return void (again = true);
    reloading = true;
    const waiting = events.filter((e) => e.dataAt === undefined);
    try {
      const res = await send(base, { path: "/painel.data", headers, keepBody: false });
      if (res.status !== 200) errors.add(`dashboard data ${res.status}`);
      const at = Date.now();
      for (const e of waiting) e.dataAt = at;
    } catch (error) {
      errors.add(`dashboard data ${(error as Error).message}`);
    }
    reloading = false;
    if (again) {
      again = false;
      void reload();
    }
  };
  const stream = http.get(
    { agent: false, host: base.hostname, port: base.port, path: "/painel/eventos", headers: { ...headers, accept: "text/event-stream" } },
    (res) => {
      if (res.statusCode !== 200) {
        errors.add(`dashboard stream ${res.statusCode}`);
        res.resume();
        return;
      }
      let buffer = "";
      res.setEncoding("utf8");
      // A stream the server or nginx ended is not reopened here (a browser would): counted instead.
      res.on("close", () => {
        if (!closed) errors.add("dashboard stream ended");
      });
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let i;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (!block.startsWith("event: donation")) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}") as { partyId: string; donationId: string; paidCount: number };
          if (data.partyId !== partyId) continue;
          events.push({ at: Date.now(), partyId, donationId: data.donationId, paidCount: data.paidCount });
          void reload();
        }
      });
    },
  );
  stream.on("error", (error) => {
    if (!closed) errors.add(`dashboard stream ${error.message}`);
  });
  let closed = false;
  return {
    events,
    close() {
      closed = true;
      stream.destroy();
    },
  };
}
