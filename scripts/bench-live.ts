// The `live` section of `npm run bench` (issue 19: 10 000 connected streams per instance, gift →
// event p95 under 250 ms). Guests of a viral party page hold its PUBLIC stream, /festa/:id/eventos:
// 10 000 streams over 20 parties (3 hot ones hold most of them), from client processes of their
// own. The server trusts X-Forwarded-For (TRUST_PROXY=on, as behind the production balancer) and
// every simulated guest address stays under the per-address cap (LIVE_STREAMS_PER_IP); the caps
// themselves are unchanged. Latency: the signed paid webhook sent → the snapshot carrying that gift
// arriving on every stream of its party. scripts/bench.ts passes in what it owns.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";
import type { openPostgres } from "~/platform/db.server";
import { LIVE_STREAMS_PER_IP } from "~/platform/http/limits.server";

export type LiveDeps = {
  freshDatabase(tag: string): Promise<{ url: string; conn: Awaited<ReturnType<typeof openPostgres>> }>;
  server(databaseUrl: string, extra?: Record<string, string>): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): void;
  appSecret: string;
  fmt(n: number, digits?: number): string;
  median(xs: number[]): number;
  percentile(xs: number[], p: number): number;
  track(child: ChildProcess): void;
  untrack(child: ChildProcess): void;
};

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const PARTIES = 20;
/** The hot parties (a viral link each) and the share of the streams they hold together. */
const HOT = 3;
const HOT_SHARE = 0.6;
/** Gifts paid per hot party and per other party. */
const GIFTS_HOT = 6;
const GIFTS_COLD = 2;
/** Webhooks in flight at once, and the pause each sender takes between two. */
const IN_FLIGHT = 2;
const PAUSE_MS = 150;
/** Guests per simulated address: under the server's own cap. */
const PER_ADDRESS = Math.min(40, LIVE_STREAMS_PER_IP);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One client process: opens its share of the streams (each with its guest's X-Forwarded-For),
 * notes when each gift id first shows up on each stream, and reports over IPC when asked. It parses
 * no JSON per event (a substring scan for the ids), so its own CPU adds little to the latency.
 */
const STREAM_CLIENT = `
const http = require("node:http");
let url, streams, giftIds; // sent over IPC: too long for the command line
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const arrivals = {}; // gift id -> [ms since epoch] (one per stream)
let ready = 0, failed = 0, opening = 0, next = 0;
const firstError = [];
function open() {
  while (opening < 500 && next < streams.length) {
    const { path, ip } = streams[next++];
    opening++;
    const ids = giftIds[path] || [];
    const seen = new Set();
    let counted = false;
    const req = http.get(url + path, { agent, headers: { "X-Forwarded-For": ip, Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) { failed++; opening--; if (firstError.length < 3) firstError.push(String(res.statusCode)); res.resume(); open(); return; }
      let buf = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf("\\n\\n")) >= 0) {
          const block = buf.slice(0, i); buf = buf.slice(i + 2);
          if (!block.startsWith("event: snapshot") && !block.startsWith("event: ready")) continue;
          if (!counted) { counted = true; ready++; opening--; open(); continue; }
          const at = Date.now();
          for (const id of ids) if (!seen.has(id) && block.includes(id)) { seen.add(id); (arrivals[id] ||= []).push(at); }
        }
      });
    });
    req.on("error", (e) => { failed++; if (!counted) opening--; if (firstError.length < 3) firstError.push(e.message); open(); });
  }
}
const tell = () => process.send({ ready, failed, errors: firstError });
const timer = setInterval(tell, 200);
process.on("message", (m) => {
  if (m.url) { ({ url, streams, giftIds } = m); open(); }
  else if (m === "report") { clearInterval(timer); process.send({ arrivals }, () => process.exit(0)); }
});
setTimeout(() => process.exit(0), 15 * 60 * 1000);
`;

/** `sh -c 'ulimit -n <hard>; exec …'`: each process raises its own descriptor limit to the hard one. */
function hardFdLimit(): number {
  const r = spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" });
  const n = r.stdout.trim();
  return n === "unlimited" ? 1_048_576 : Number(n);
}

type Client = {
  child: ChildProcess;
  state: { ready: number; failed: number; errors: string[] };
  report: Promise<Record<string, number[]>>;
};

function startClient(deps: LiveDeps, url: string, streams: Array<{ path: string; ip: string }>, giftIds: Record<string, string[]>): Client {
  const child = spawn("sh", ["-c", 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, "-e", STREAM_CLIENT], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  deps.track(child);
  child.send({ url, streams, giftIds });
  const state = { ready: 0, failed: 0, errors: [] as string[] };
  const report = new Promise<Record<string, number[]>>((resolve) => {
    child.on("message", (m: { ready?: number; failed?: number; errors?: string[]; arrivals?: Record<string, number[]> }) => {
      if (m.arrivals) resolve(m.arrivals);
      else Object.assign(state, m);
    });
    child.on("exit", () => resolve({}));
  });
  return { child, state, report };
}

function rssMb(pid: number | undefined) {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/** Streams per party: HOT parties share HOT_SHARE of them, the others the rest. */
function streamsPerParty(): number[] {
  const hot = Math.floor((STREAMS * HOT_SHARE) / HOT);
  const cold = Math.floor((STREAMS - hot * HOT) / (PARTIES - HOT));
  const counts = Array.from({ length: PARTIES }, (_, i) => (i < HOT ? hot : cold));
  counts[HOT] = counts[HOT]! + STREAMS - counts.reduce((s, n) => s + n, 0);
  return counts;
}

export async function benchLive(deps: LiveDeps): Promise<string> {
  const { fmt, percentile, median } = deps;
  console.log(`== live updates: ${fmt(STREAMS)} public party streams`);
  const hardLimit = hardFdLimit();
  // The server holds one descriptor per stream (plus its pool, files…); a client process as many as it opens.
  if (hardLimit < STREAMS + 500)
    throw new Error(`ulimit -Hn is ${hardLimit}: the server needs ${STREAMS + 500} descriptors for ${STREAMS} streams`);
  const perClient = Math.max(1, hardLimit - 200);
  const { url, conn } = await deps.freshDatabase("live");
  const q = (text: string, values: unknown[] = []) => conn.pool!.query(text, values);
  const owner = randomUUID();
  await q(`insert into "user" (id, name, email) values ($1, 'Festeira Bench', 'bench-live@exemplo.com.br')`, [owner]);
  const cause = await q(`insert into causes (name, description, icon) values ('Causa', 'Apoio', '🧬') returning id`);
  const counts = streamsPerParty();
  const parties: Array<{ path: string; streams: number; gifts: Array<{ id: string; checkoutId: string }> }> = [];
  for (let p = 0; p < PARTIES; p++) {
    const code = `lv${p.toString(36).padStart(3, "0")}`;
    const party = await q(
      `insert into parties (user_id, name, event_type, event_date, cause_id, share_code, share_link) values ($1, $2, 'Aniversário', (now() + interval '5 days')::date, $3, $4, $5) returning id`,
      [owner, `Festa ${p}`, cause.rows[0].id, code, `http://localhost/festa/${code}`],
    );
    const gifts = [];
    for (let g = 0; g < (p < HOT ? GIFTS_HOT : GIFTS_COLD); g++) {
      const checkoutId = `cs_sbx_${randomUUID().replace(/-/g, "")}`;
      const row = await q(
        `insert into donations (party_id, amount_cents, status, anonymous, donor_name, donor_email, provider, provider_checkout_id) values ($1, 2500, 'pendente', false, $2, 'convidado@exemplo.com.br', 'sandbox', $3) returning id`,
        [party.rows[0].id, `Convidado ${p}-${g}`, checkoutId],
      );
      gifts.push({ id: row.rows[0].id as string, checkoutId });
    }
    parties.push({ path: `/festa/${code}/eventos`, streams: counts[p]!, gifts });
  }
  await conn.close();

  const srv = await deps.server(url, { TRUST_PROXY: "on" });
  // Guests in turn over the parties (hot ones fill up last), PER_ADDRESS guests per address
  // (TEST-NET documentation ranges: header values only, no traffic goes there).
  const streams: Array<{ path: string; ip: string }> = [];
  const left = parties.map((p) => p.streams);
  while (streams.length < STREAMS)
    for (let p = 0; p < PARTIES; p++)
      if (left[p]! > 0) {
        left[p]!--;
        const n = Math.floor(streams.length / PER_ADDRESS);
        streams.push({ path: parties[p]!.path, ip: `${n < 256 ? "198.51.100" : "203.0.113"}.${n % 256}` });
      }
  if (Math.ceil(STREAMS / PER_ADDRESS) > 512) throw new Error("too many streams for the simulated addresses");
  const giftIds = Object.fromEntries(parties.map((p) => [p.path, p.gifts.map((g) => g.id)]));
  const clients: Client[] = [];
  for (let i = 0; i < streams.length; i += perClient) clients.push(startClient(deps, srv.url, streams.slice(i, i + perClient), giftIds));
  const openedAt = Date.now();
  const total = () => clients.reduce((s, c) => s + c.state.ready, 0);
  const failed = () => clients.reduce((s, c) => s + c.state.failed, 0);
  while (total() < STREAMS && failed() === 0 && Date.now() - openedAt < 300_000) await sleep(100);
  if (total() < STREAMS) throw new Error(`streams not ready (${total()}/${STREAMS}): ${clients.flatMap((c) => c.state.errors).join(", ")}`);
  const openMs = Date.now() - openedAt;
  await sleep(2_000);
  const rssOpen = rssMb(srv.child.pid);
  console.log(`  ${fmt(STREAMS)} streams open in ${fmt(openMs / 1000, 1)} s, server RSS ${fmt(rssOpen)} MB`);

  // The gifts, interleaved over the parties, paid by signed webhooks, IN_FLIGHT at a time.
  const order = parties
    .flatMap((p) => p.gifts.map((g, i) => ({ ...g, party: p, i })))
    .sort((a, b) => a.i - b.i || parties.indexOf(a.party) - parties.indexOf(b.party));
  const sentAt = new Map<string, number>();
  const webhookMs: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < order.length) {
        const gift = order[next++]!;
        const body = JSON.stringify(
          sandboxEvent("checkout.paid", { checkoutId: gift.checkoutId, donationId: gift.id, paymentId: `pi_${gift.checkoutId.slice(7)}` }),
        );
        const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, deps.appSecret) };
        const t0 = Date.now();
        sentAt.set(gift.id, t0);
        const res = await fetch(`${srv.url}/api/webhooks/sandbox`, { method: "POST", headers, body });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`webhook ${res.status}`);
        webhookMs.push(Date.now() - t0);
        await sleep(PAUSE_MS);
      }
    }),
  );
  await sleep(5_000);
  const rssAfter = rssMb(srv.child.pid);
  for (const c of clients) c.child.send("report");
  const reports = await Promise.all(clients.map((c) => c.report));
  for (const c of clients) deps.untrack(c.child);
  deps.stop(srv.child);

  const latencies: number[] = [];
  const hotLatencies: number[] = [];
  // Per gift: its first stream (paying, NOTIFY, the snapshot read) and the spread to its last one (the fan-out).
  const firsts: number[] = [];
  const spreads: number[] = [];
  let expected = 0;
  for (const [p, party] of parties.entries())
    for (const gift of party.gifts) {
      expected += party.streams;
      const own = reports.flatMap((r) => (r[gift.id] ?? []).map((at) => at - sentAt.get(gift.id)!));
      latencies.push(...own);
      if (p < HOT) hotLatencies.push(...own);
      if (own.length === 0) continue;
      const first = own.reduce((a, b) => Math.min(a, b));
      firsts.push(first);
      spreads.push(own.reduce((a, b) => Math.max(a, b)) - first);
      if (process.env.BENCH_VERBOSE)
        console.log(`  gift on party ${p} (${party.streams} streams): first ${first} ms, last ${first + spreads.at(-1)!} ms`);
    }
  const ms = (xs: number[], p: number) => (xs.length ? `${fmt(percentile(xs, p))} ms` : "—");
  return [
    `### Live updates: ${fmt(STREAMS)} public party streams on one instance`,
    ``,
    `${fmt(STREAMS)} guests hold \`/festa/:id/eventos\` open over ${PARTIES} parties: ${HOT} hot ones with ${fmt(counts[0]!)} streams each, ${PARTIES - HOT} others with about ${fmt(counts[PARTIES - 1]!)}; ${clients.length} client ${clients.length === 1 ? "process" : "processes"} (each raises its descriptor limit to \`ulimit -Hn\` = ${fmt(hardLimit)}), one server process (WEB_CONCURRENCY=1) on PostgreSQL. The server has \`TRUST_PROXY=on\` and each simulated guest address (X-Forwarded-For) holds ${PER_ADDRESS} streams, under the per-address cap of ${LIVE_STREAMS_PER_IP}. ${order.length} gifts (${GIFTS_HOT} per hot party, ${GIFTS_COLD} per other) paid by signed webhooks, ${IN_FLIGHT} in flight with a ${PAUSE_MS} ms pause. Latency: webhook sent → the party's \`snapshot\` carrying that gift arriving on a stream (the paying transaction included), one figure per stream and gift; "first stream" is, per gift, its earliest stream (paying, NOTIFY, the snapshot read), "first → last" the time the fan-out took to reach its last stream.`,
    ``,
    `| streams | opened in | server RSS, streams open | after the gifts | events delivered | latency p50 | p95 | max | hot parties p95 | first stream p50 | first → last stream p50 | webhook answer p50 |`,
    `|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    `| ${fmt(STREAMS)} | ${fmt(openMs / 1000, 1)} s | ${fmt(rssOpen)} MB | ${fmt(rssAfter)} MB | ${fmt(latencies.length)} / ${fmt(expected)} | ${ms(latencies, 50)} | **${ms(latencies, 95)}** | ${ms(latencies, 100)} | ${ms(hotLatencies, 95)} | ${ms(firsts, 50)} | ${ms(spreads, 50)} | ${fmt(median(webhookMs))} ms |`,
  ].join("\n");
}
