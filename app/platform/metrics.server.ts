/**
 * Prometheus metrics (`GET /metrics`, see docs/operations.md "Metrics and alerts"). One registry
 * per process; each instance is scraped on its own. Labels are bounded sets only: route ids,
 * methods, status codes, provider event types and outcomes — never URLs, ids or e-mails.
 * Gauges that need the database are read when Prometheus scrapes, not on a timer.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getConnection } from "~/platform/db.server";

const registry = new Registry();
collectDefaultMetrics({ register: registry });

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
  help: "Open /painel live event streams on this instance.",
  registers: [registry],
});

export const publicPageAnswers = new Counter({
  name: "festa_public_page_answers_total",
  help: "Anonymous GETs of public pages, by how they were answered: rendered, or shared from this process's one-second copy (decision 132).",
  labelNames: ["answer"] as const,
  registers: [registry],
});

// The registry reads all metrics at once: each outbox gauge awaits the same single query.
const outboxGauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry], collect: () => readOutbox() });
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
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    let pool;
    try {
      const connection = getConnection();
      pool = connection.pool ?? { totalCount: 1, idleCount: 0, waitingCount: 0 };
    } catch {
      pool = { totalCount: 0, idleCount: 0, waitingCount: 0 };
    }
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
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
    res.type(registry.contentType).send(await registry.metrics());
  };
}
