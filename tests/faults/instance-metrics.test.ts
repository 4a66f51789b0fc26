/**
 * Metrics per instance (issue 31 item 2, decision 175): with two workers behind one port, one
 * scrape of /metrics answers for the whole instance, whichever worker takes it. Requests spread
 * over both workers are all counted in every scrape; counters scraped again and again never go
 * down; what describes one process carries a `worker` label. And every metric and label the alerts
 * of docs/operations.md use is in a real scrape.
 */
import fs from "node:fs";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createFaultDb, deliver, type FaultDb, PG_URL, type ServerProcess, startServer, waitUntil } from "./support/harness";
import { sandboxEvent } from "~/domain/payments/sandbox.server";

const TOKEN = "metrics-token-faults-0123456789";
let server: ServerProcess | undefined;
let db: FaultDb | undefined;

afterEach(async () => {
  await server?.stop();
  await db?.drop();
  server = db = undefined;
});

/** One request on a fresh connection (the primary hands connections, not requests, to workers). */
function request(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false, headers }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on("error", reject);
  });
}

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format, the sample lines only. */
function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

const sum = (samples: Sample[], name: string, where: (labels: Record<string, string>) => boolean = () => true) =>
  samples.filter((s) => s.name === name && where(s.labels)).reduce((total, s) => total + s.value, 0);

/** The expressions of the "What to alert on" table in docs/operations.md. */
function documentedAlerts(): Array<{ alert: string; expression: string }> {
  const doc = fs.readFileSync("docs/operations.md", "utf8");
  const lines = doc.slice(doc.indexOf("What to alert on")).split("\n");
  const start = lines.findIndex((l) => l.startsWith("|"));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith("|"));
  return lines
    .slice(start + 2, end) // past the header and its separator
    .map((row) => row.split(" | ").map((cell) => cell.replace(/^\| /, "")))
    .map(([alert, expression]) => ({ alert: alert!, expression: expression! }));
}

describe.runIf(Boolean(PG_URL))("/metrics of an instance with two workers (PostgreSQL)", () => {
  it("one scrape sums both workers, counters never go down, the documented alerts find their metrics", async () => {
    db = await createFaultDb("pg");
    server = await startServer(db, { WEB_CONCURRENCY: "2", LOG_LEVEL: "info", METRICS_TOKEN: TOKEN });
    await waitUntil("every worker ready", () => server!.output().includes("2 processos"), 60_000);
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const scrape = async () => {
      const res = await request(server!.port, "/metrics", auth);
      expect(res.status).toBe(200);
      return parseScrape(res.text);
    };
    const causas = (s: Sample[]) => sum(s, "festa_http_request_duration_seconds_count", (l) => l.route === "routes/causas");

    for (let i = 0; i < 20; i++) expect((await request(server.port, "/causas")).status).toBe(200);
    // Both workers served (each log line names its worker).
    const workers = new Set([...server.output().matchAll(/"worker":(\d+)[^\n]*"url":"\/causas"/g)].map((m) => m[1]));
    expect(workers.size).toBe(2);
    // One unknown gift: a payment event counted by whichever worker takes it.
    const event = JSON.stringify(
      sandboxEvent("checkout.paid", { checkoutId: "cs_sbx_desconhecido", donationId: crypto.randomUUID(), paymentId: "pi_sbx_x" }),
    );
    expect(await deliver(server.url, event)).toBeLessThan(500);

    const first = await scrape();
    expect(causas(first)).toBe(20);
    expect(sum(first, "festa_instance_workers", (l) => l.state === "answered")).toBe(2);
    expect(sum(first, "festa_instance_workers", (l) => l.state === "missing")).toBe(0);
    expect(sum(first, "festa_payment_events_total", (l) => l.result === "unmatched")).toBe(1);
    // What describes one process is per worker; what is read from the database is there once.
    const cpuWorkers = first.filter((s) => s.name === "process_cpu_seconds_total").map((s) => s.labels.worker);
    expect(cpuWorkers.sort()).toEqual(["1", "2"]);
    expect(first.filter((s) => s.name === "festa_db_pool_connections" && s.labels.state === "total")).toHaveLength(2);
    expect(first.filter((s) => s.name === "festa_outbox_pending")).toHaveLength(1);
    expect(first.filter((s) => s.name === "festa_http_request_duration_seconds_count").every((s) => !("worker" in s.labels))).toBe(true);

    // Scraped again and again, through either worker, with traffic between: never down.
    const seen = [causas(first)];
    const cpu = [sum(first, "process_cpu_seconds_total")];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 3; i++) await request(server.port, "/causas");
      const next = await scrape();
      seen.push(causas(next));
      cpu.push(sum(next, "process_cpu_seconds_total"));
    }
    console.log(`[faults] /causas counted by successive scrapes of a 2-worker instance: ${seen.join(", ")}`);
    expect(seen).toEqual(seen.map((_, i) => 20 + 3 * i));
    for (let i = 1; i < cpu.length; i++) expect(cpu[i]).toBeGreaterThanOrEqual(cpu[i - 1]!);

    // The documented alerts: every metric they use is in the scrape, with the labels they select on.
    const last = await scrape();
    const names = new Set(last.map((s) => s.name));
    const alerts = documentedAlerts();
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    const checked: string[] = [];
    for (const { alert, expression } of alerts) {
      for (const m of expression.matchAll(/\b((?:festa|nodejs|process)_[a-z0-9_]+)(?:\{([^}]*)\})?/g)) {
        const [, name, selector] = m;
        expect(names, `alert "${alert}" uses ${name}`).toContain(name);
        const labelNames = new Set(last.filter((s) => s.name === name).flatMap((s) => Object.keys(s.labels)));
        for (const l of (selector ?? "").matchAll(/(\w+)\s*(?:=~|!=|!~|=)/g)) {
          expect([...labelNames], `alert "${alert}" selects ${name} by ${l[1]}`).toContain(l[1]);
        }
        checked.push(name!);
      }
    }
    console.log(
      `[faults] documented alerts checked against a real scrape: ${alerts.length} alerts, metrics ${[...new Set(checked)].join(", ")}`,
    );
  });
});
