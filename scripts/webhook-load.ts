// The load side of the webhook benchmarks (bench-webhooks.ts, bench-webhooks-compare.ts): pending
// sandbox gifts seeded as /doar leaves them, every delivery signed and serialised BEFORE the timed
// phase (a real provider signs on its own hosts), sent over keep-alive connections, the totals
// checked afterwards, and the CPU time of processes read from /proc.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from "~/domain/payments/sandbox.server";

export type Gift = { id: string; checkoutId: string; amountCents: number; partyId: string };
export type Delivery = { body: string; headers: Record<string, string | number> };
export type Fired = { seconds: number; latencies: number[]; statuses: Map<number, number>; outcomes: Map<string, number> };

export async function query(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** `count` pending sandbox gifts spread over `partyCount` new parties, as /doar leaves them. */
export async function seedScenario(url: string, partyCount: number, tag: string, count: number) {
  const userId = randomUUID();
  await query(url, `insert into "user" (id, name, email) values ($1, 'Festeira Benchmark', $2)`, [userId, `bench-${tag}@exemplo.com.br`]);
  const cause = await query(url, `insert into causes (name, description) values ('Doenças Raras', 'Benchmark') returning id`);
  const partyIds: string[] = [];
  for (let p = 0; p < partyCount; p++) {
    const code = `${tag}${p.toString(36).padStart(3, "0")}`;
    const r = await query(
      url,
      `insert into parties (user_id, name, event_type, event_date, cause_id, share_code, share_link)
       values ($1, $2, 'Aniversário', $3, $4, $5, $6) returning id`,
      [userId, `Festa ${tag} ${p}`, addCalendarDays(todayInSaoPaulo(), 10), cause.rows[0].id, code, `http://localhost/festa/${code}`],
    );
    partyIds.push(r.rows[0].id);
  }
  const rows = await query(
    url,
    `insert into donations (party_id, amount_cents, status, donor_name, donor_email, message, provider, provider_checkout_id, idempotency_key)
     select ($1::uuid[])[1 + (g % $2)], 500 + (g % 97) * 100, 'pendente', 'Convidado ' || g, 'convidado' || g || '@exemplo.com.br',
            case when g % 3 = 0 then 'Parabéns!' end, 'sandbox', 'cs_sbx_' || md5($3 || g), 'bench_' || $3 || g
     from generate_series(1, $4::int) g
     returning id, provider_checkout_id, amount_cents, party_id`,
    [partyIds, partyCount, tag, count],
  );
  await query(
    url,
    `insert into donation_status_history (donation_id, from_status, to_status, occurred_at)
     select id, null, 'pendente', created_at from donations where idempotency_key like $1`,
    [`bench_${tag}%`],
  );
  await query(url, "analyze");
  const gifts: Gift[] = rows.rows.map((r) => ({
    id: r.id,
    checkoutId: r.provider_checkout_id,
    amountCents: r.amount_cents,
    partyId: r.party_id,
  }));
  return { gifts, partyIds };
}

/** The signed `checkout.paid` event of each gift. */
export function paidEvents(gifts: Gift[], withPaymentId = true): string[] {
  return gifts.map((g) =>
    JSON.stringify(
      sandboxEvent("checkout.paid", { checkoutId: g.checkoutId, donationId: g.id, ...(withPaymentId ? { paymentId: `pi_${g.id}` } : {}) }),
    ),
  );
}

/** Signed and ready to send: nothing of this is left to the timed phase. */
export function deliveriesOf(bodies: string[], appSecret: string): Delivery[] {
  return bodies.map((body) => ({
    body,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, appSecret),
    },
  }));
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** `share` of `bodies` again, at random: the repeats a provider sends. */
export function withRepeats(bodies: string[], share: number): string[] {
  const repeats = Array.from({ length: Math.round(bodies.length * share) }, () => bodies[Math.floor(Math.random() * bodies.length)]!);
  return shuffle([...bodies, ...repeats]);
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function post(agent: http.Agent, url: URL, delivery: Delivery): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: delivery.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(delivery.body);
  });
}

/**
 * Sends every delivery with at most `concurrency` in flight, over as many keep-alive connections.
 * A refused connection (server killed) counts as status 0, as a provider would see a failed delivery.
 */
export async function fire(
  target: string,
  deliveries: Delivery[],
  concurrency: number,
  onProgress?: (done: number) => void,
): Promise<Fired> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const outcomes = new Map<string, number>();
  let next = 0;
  let done = 0;
  const t0 = performance.now();
  async function worker() {
    while (next < deliveries.length) {
      const delivery = deliveries[next++]!;
      const started = performance.now();
      let status = 0;
      try {
        const res = await post(agent, url, delivery);
        status = res.status;
        const json = JSON.parse(res.text) as { results?: Array<{ outcome: string }> };
        for (const r of json.results ?? []) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
      } catch {
        // connection refused or reset (the server is down), or an answer that is not JSON
      }
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      onProgress?.(++done);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { seconds: (performance.now() - t0) / 1000, latencies, statuses, outcomes };
}

/** Every gift paid once; each party's totals equal the sum of its distinct paid gifts. */
export async function totalsAreExact(url: string, gifts: Gift[], partyIds: string[]) {
  const expected = new Map<string, { cents: number; count: number }>();
  for (const g of gifts) {
    const e = expected.get(g.partyId) ?? { cents: 0, count: 0 };
    expected.set(g.partyId, { cents: e.cents + g.amountCents, count: e.count + 1 });
  }
  const totals = await query(url, `select id, raised_cents, paid_count from parties where id = any($1::uuid[])`, [partyIds]);
  const wrong = totals.rows.filter(
    (r) => Number(r.raised_cents) !== expected.get(r.id)!.cents || r.paid_count !== expected.get(r.id)!.count,
  );
  const paid = await query(url, `select count(*)::int as n from donations where party_id = any($1::uuid[]) and status = 'paga'`, [
    partyIds,
  ]);
  return wrong.length === 0 && paid.rows[0].n === gifts.length;
}

/** User + system CPU time of `pid` and its children (a cluster's workers), in ms; 0 once gone. */
export function cpuMsOfTree(pid: number): number {
  let ms = cpuMs(pid);
  for (const child of childrenOf(pid)) ms += cpuMsOfTree(child);
  return ms;
}

export function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
  } catch {
    return [];
  }
}
