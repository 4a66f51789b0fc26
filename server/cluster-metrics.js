// /metrics for the whole instance (decision 175). A scrape reaches one worker; that worker asks the
// primary ("festa:metrics?"), the primary asks every started worker for its registry as JSON
// ("festa:metrics-collect" → "festa:metrics-json"), sums them with prom-client's aggregator and
// sends the text back ("festa:metrics"). Counters and histograms are summed over the workers;
// what describes one process carries a `worker` label (app/platform/metrics.server.ts).
import promClient from "prom-client";

const { AggregatorRegistry, Gauge } = promClient;

/** How long the primary waits for a worker's numbers; a worker that does not answer is left out and counted. */
const COLLECT_TIMEOUT_MS = 3_000;

/**
 * @param {() => import("node:cluster").Worker[]} workers the workers to ask (started, not exited)
 * @param {import("pino").Logger} log
 */
export function createMetricsAggregator(workers, log) {
  const scrapes = new Map();
  let nextId = 0;

  function scrape(asker, askerRequest) {
    const id = ++nextId;
    const asked = workers().filter((w) => w.isConnected());
    const entry = { asker, askerRequest, waiting: new Set(asked.map((w) => w.id)), parts: [], timer: undefined };
    scrapes.set(id, entry);
    for (const worker of asked) worker.send({ type: "festa:metrics-collect", id });
    entry.timer = setTimeout(() => finish(id), COLLECT_TIMEOUT_MS);
    if (asked.length === 0) finish(id);
  }

  function collected(worker, { id, metrics }) {
    const entry = scrapes.get(id);
    if (!entry || !entry.waiting.delete(worker.id)) return;
    entry.parts.push(metrics);
    if (entry.waiting.size === 0) finish(id);
  }

  async function finish(id) {
    const entry = scrapes.get(id);
    if (!entry) return;
    scrapes.delete(id);
    clearTimeout(entry.timer);
    let text;
    try {
      const registry = AggregatorRegistry.aggregate(entry.parts);
      const answered = new Gauge({
        name: "festa_instance_workers",
        help: "Worker processes of this instance by whether they answered this scrape (answered, missing).",
        labelNames: ["state"],
        registers: [registry],
      });
      answered.set({ state: "answered" }, entry.parts.length);
      answered.set({ state: "missing" }, entry.waiting.size);
      text = await registry.metrics();
    } catch (error) {
      text = undefined;
      log.error({ err: error }, "Falha ao somar as métricas dos processos");
    }
    if (entry.asker.isConnected()) entry.asker.send({ type: "festa:metrics", id: entry.askerRequest, text });
  }

  return {
    onMessage(worker, message) {
      if (message?.type === "festa:metrics?") scrape(worker, message.id);
      else if (message?.type === "festa:metrics-json") collected(worker, message);
    },
  };
}
