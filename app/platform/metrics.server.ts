/**
 * Prometheus metrics (`GET /metrics`, see docs/operations.md "Metrics and alerts"). One registry
 * per process. With several workers (WEB_CONCURRENCY) one scrape answers for the whole instance:
 * the worker that takes it asks the primary, which sums every worker's registry (server/
 * cluster-metrics.js, decision 175). Counters and histograms are summed; what describes one process
 * (its CPU, memory, event loop, pool, live streams) carries a `worker` label; gauges read from the
 * database are the same for every worker and are taken once (`max`). Labels are bounded sets only:
 * route ids, methods, status codes, provider event types and outcomes, worker numbers — never
 * URLs, ids or e-mails. Gauges that need the database are read when Prometheus scrapes, not on a timer.
 */
import cluster from "node:cluster";
import { timingSafeEqual, createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getConnection } from "~/platform/db.server";

/** A worker of the cluster's primary (server/primary.js): its scrapes answer for the whole instance. */
const CLUSTER_WORKER = cluster.isWorker && process.env.FESTA_CLUSTER_WORKER === "1";
/** The label that tells one process's numbers from another's, only where there are several. */
const perProcess: Record<string, string> = CLUSTER_WORKER ? { worker: String(cluster.worker?.id ?? 0) } : {};

const registry = new Registry();
collectDefaultMetrics({ register: registry, labels: perProcess });

export const httpRequestDuration = new Histogram({
  name: "festa_http_request_duration_seconds",
  help: "Time to answer a request, by React Router route id (or an internal endpoint name).",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const paymentEvents = new Counter({
  name: "festa_payment_events_total",
  help: "Payment provider events by provider, event type and result (applied, duplicate, ignored, unmatched, flagged, deferred, refused).",
  labelNames: ["provider", "type", "result"] as const,
  registers: [registry],
});

export const liveStreams = new Gauge({
  name: "festa_sse_streams",
  help: "Open live event streams (/painel, the party pages) of this process.",
  labelNames: Object.keys(perProcess),
  registers: [registry],
}).labels(perProcess);

export const publicPageAnswers = new Counter({
  name: "festa_public_page_answers_total",
  help: "Anonymous GETs of public pages, by how they were answered: rendered, or shared from this process's one-second copy (decision 132).",
  labelNames: ["answer"] as const,
  registers: [registry],
});

// The registry reads all metrics at once: each outbox gauge awaits the same single query.
// Every worker reads the same rows: the instance's value is any one of them (`max`), not their sum.
const outboxGauge = (name: string, help: string) =>
  new Gauge({ name, help, registers: [registry], aggregator: "max", collect: () => readOutbox() });
const outboxPending = outboxGauge("festa_outbox_pending", "E-mails waiting to be sent.");
const outboxOldest = outboxGauge("festa_outbox_oldest_pending_age_seconds", "Age of the oldest e-mail still waiting (0 when none waits).");
const outboxFailed = outboxGauge("festa_outbox_failed", "E-mails given up after their last attempt.");
const outboxPaused = outboxGauge(
  "festa_outbox_paused",
  "1 while e-mail sending is paused (a restored copy, or an operator's `npm run outbox -- pause`).",
);
const scrapeErrors = new Counter({
  name: "festa_metrics_database_errors_total",
  help: "Scrapes whose database-backed gauges could not be read (they keep their last values).",
  registers: [registry],
});

// One query per scrape for the four outbox gauges (concurrent callers share it).
let outboxRead: Promise<void> | undefined;
async function readOutbox() {
  outboxRead ??= (async () => {
    try {
      const result = (await getConnection().db.execute(sql`
        select count(*) filter (where status = 'pending') as pending,
               coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0) as oldest,
               count(*) filter (where status = 'failed') as failed,
               (select count(*) from system_state where key = 'outbox_paused') as paused
        from email_outbox`)) as unknown as { rows: Array<Record<string, string | number>> };
      const row = result.rows[0]!;
      outboxPending.set(Number(row.pending));
      outboxOldest.set(Number(row.oldest));
      outboxFailed.set(Number(row.failed));
      outboxPaused.set(Number(row.paused) > 0 ? 1 : 0);
    } catch {
      scrapeErrors.inc();
    }
  })().finally(() => (outboxRead = undefined));
  return outboxRead;
}

new Gauge({
  name: "festa_db_pool_connections",
  help: "Database connections of this instance's pool by state (PGlite: one connection, never waiting).",
  labelNames: ["state", ...Object.keys(perProcess)],
  registers: [registry],
  collect() {
    let pool;
    try {
      const connection = getConnection();
      pool = connection.pool ?? { totalCount: 1, idleCount: 0, waitingCount: 0 };
    } catch {
      pool = { totalCount: 0, idleCount: 0, waitingCount: 0 };
    }
    this.set({ state: "total", ...perProcess }, pool.totalCount);
    this.set({ state: "idle", ...perProcess }, pool.idleCount);
    this.set({ state: "waiting", ...perProcess }, pool.waitingCount);
  },
});

function sameSecret(given: string, expected: string) {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * `GET /metrics`: only with METRICS_TOKEN set and `Authorization: Bearer <METRICS_TOKEN>`.
 * Anything else is a 404, as if the endpoint did not exist.
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req, res) => {
    const header = req.headers.authorization ?? "";
    const given = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
    if (!token || !given || !sameSecret(given, token)) {
      res.status(404).type("text/plain; charset=utf-8").send("Não encontrado.");
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    const text = CLUSTER_WORKER ? await scrapeInstance() : await registry.metrics();
    if (text === undefined) {
      // Part of the instance would look like counters going down: better a failed scrape.
      res.status(503).type("text/plain; charset=utf-8").send("Métricas indisponíveis no momento.");
      return;
    }
    res.type(registry.contentType).send(text);
  };
}

// ---------- the cluster: the primary sums the workers' registries (server/cluster-metrics.js) ----------
const SCRAPE_TIMEOUT_MS = 5_000;
const scrapes = new Map<number, (text: string | undefined) => void>();
let lastScrape = 0;

/** The whole instance's metrics as text, from the primary; undefined when it could not answer in time. */
function scrapeInstance(): Promise<string | undefined> {
  const id = ++lastScrape;
  return new Promise((resolve) => {
    const timer = setTimeout(() => answer(undefined), SCRAPE_TIMEOUT_MS);
    const answer = (text: string | undefined) => {
      clearTimeout(timer);
      scrapes.delete(id);
      resolve(text);
    };
    scrapes.set(id, answer);
    if (!process.send?.({ type: "festa:metrics?", id })) answer(undefined);
  });
}

type PrimaryMessage = { type?: string; id?: number; text?: string };
if (CLUSTER_WORKER) {
  process.on("message", (message: PrimaryMessage) => {
    if (message?.type === "festa:metrics-collect") {
      void registry
        .getMetricsAsJSON()
        .then((metrics) => process.send?.({ type: "festa:metrics-json", id: message.id, metrics }))
        .catch(() => process.send?.({ type: "festa:metrics-json", id: message.id, metrics: [] }));
    } else if (message?.type === "festa:metrics" && message.id !== undefined) {
      scrapes.get(message.id)?.(message.text);
    }
  });
}
