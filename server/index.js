// Process entry: `npm start` (built app) and `npm run dev` (Vite middleware, hot reload). On
// PostgreSQL this process becomes the primary of WEB_CONCURRENCY workers (server/primary.js), which
// owns the listening socket and hands each connection to a worker (decision 174).
import cluster from "node:cluster";
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

// A stop asked for while the server is still starting (SIGTERM during a rolling deploy, or the
// primary's "stop" to a worker it just forked) is honoured once start-up is over: the process then
// exits 0 without serving. The handlers are registered before anything else loads, so the signal
// never meets Node's default action (an exit by signal, which reads as a failure).
const lifecycle = { stopRequested: false, onStop: () => {} };
function requestStop() {
  if (lifecycle.stopRequested) return;
  lifecycle.stopRequested = true;
  lifecycle.onStop();
}
process.on("SIGTERM", requestStop);
process.on("SIGINT", requestStop);

/** A worker of our own primary (server/primary.js): it is handed connections instead of listening. */
const HANDED_CONNECTIONS = cluster.isWorker && process.env.FESTA_CLUSTER_WORKER === "1";

const DEVELOPMENT = process.argv.includes("--dev");

// A diagnostic report (process.report.getReport(), which native packages such as resvg-js call on
// load to tell glibc from musl) lists every open socket with its network details: with 1 000
// sockets open it took 100 s of CPU (issue 19's stream bench). Those details are of no use here.
if (process.report) process.report.excludeNetwork = true;

async function main() {
  const [{ default: express }, { default: compression }, worker] = await Promise.all([
    import("express"),
    import("compression"),
    HANDED_CONNECTIONS ? import("./worker.js") : undefined,
  ]);
  // The primary's messages (connections, "stop") are listened to from the start.
  const channel = worker?.connectToPrimary({ requestStop });
  const server = express();
  server.disable("x-powered-by");
  // An anonymous GET of a public page with a fresh one-second copy is answered first: the copy is
  // already compressed, and it is never a static file (decision 132).
  let sharedPages;
  server.use((req, res, next) => (sharedPages ? sharedPages(req, res, next) : next()));
  // The providers' webhooks, likewise ahead of compression and the page middleware (server/webhooks.ts).
  let webhooks;
  server.use((req, res, next) => (webhooks ? webhooks(req, res, next) : next()));
  // Server-sent events must reach the browser as they are written, never buffered. A provider's
  // webhook gets a few bytes of JSON: compressing them only costs CPU on the payment hot path.
  server.use(
    compression({
      filter: (req, res) =>
        !req.path.startsWith("/api/webhooks/") &&
        !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  let mod;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    mod = await viteDevServer.ssrLoadModule("./server/app.ts");
    var getBuild = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build");
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    server.use(
      topLevelEntriesOnly(path.join(buildDir, "client"), express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false })),
    );
    mod = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  }

  let started;
  try {
    started = await mod.createApp(getBuild ? { getBuild } : {});
  } catch (error) {
    const message = error?.name === "ConfigError" || error?.name === "StartupError" ? error.message : error?.stack;
    console.error(`\nNão foi possível iniciar o servidor.\n${message}\n`);
    process.exit(1);
  }
  if (lifecycle.stopRequested) {
    // Stopped while starting: nothing was served, so nothing to drain.
    await started.shutdown();
    started.log.info("Encerrado durante a inicialização");
    process.exit(0);
  }
  sharedPages = started.sharedPages;
  webhooks = started.webhooks;
  server.use(started.app);

  const { PORT: port, HOST: host, PUBLIC_URL } = started.config;
  const httpServer = mod.createHttpServer(server, { requestTimeoutSeconds: started.config.REQUEST_TIMEOUT_SECONDS });
  const where = host ? `${host}:${port}` : `porta ${port}`;
  const line = `Festa Solidária em ${PUBLIC_URL} (${where}, banco ${started.databaseKind})`;

  let listening;
  if (channel) {
    // The primary owns the socket; the start line is printed once, by it, when every worker is ready.
    listening = Promise.resolve();
    channel.serve(httpServer, mod, { port, host, line });
  } else {
    listening = new Promise((resolve) => httpServer.listen(port, host, resolve)).then(() => started.log.info(line));
    httpServer.on("error", (error) => {
      console.error(`\nNão foi possível abrir ${host ? `${host}:` : "a porta "}${port}: ${error.message}\n`);
      process.exit(1);
    });
  }

  lifecycle.onStop = async () => {
    try {
      await listening;
      await started.stop(httpServer, channel ? { closeListener: channel.stopped } : {});
      process.exit(0);
    } catch (error) {
      started.log.error({ err: error }, "Falha ao encerrar");
      process.exit(1);
    }
  };
  if (lifecycle.stopRequested) lifecycle.onStop();
}

/**
 * Passes to `serveStatic` only the requests whose first path segment names an entry of `dir`
 * (images/, favicon.svg…), read once: the build never changes. Every page request used to cost a
 * file-system lookup of its path (2% of the party page's CPU in a profile) that could never
 * succeed; what the static handler can find, and how it answers, is unchanged.
 */
function topLevelEntriesOnly(dir, serveStatic) {
  const entries = new Set(fs.readdirSync(dir));
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    let name;
    try {
      name = decodeURIComponent(first);
    } catch {
      return serveStatic(req, res, next); // let it answer a malformed path as before
    }
    return entries.has(name) ? serveStatic(req, res, next) : next();
  };
}

if (cluster.isPrimary && !DEVELOPMENT && process.env.DATABASE_URL) {
  const { runPrimary, workerCount } = await import("./primary.js");
  let count = 1;
  try {
    count = workerCount(process.env);
  } catch (error) {
    console.error(`\nNão foi possível iniciar o servidor.\n${error.message}\n`);
    process.exit(1);
  }
  if (count > 1 && lifecycle.stopRequested)
    process.exit(0); // stopped before anything started
  else if (count > 1) {
    // The primary has its own stop (it closes the socket, then tells the workers).
    process.off("SIGTERM", requestStop);
    process.off("SIGINT", requestStop);
    runPrimary(count);
  } else await main();
} else await main();
