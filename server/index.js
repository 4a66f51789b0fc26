// Process entry: `npm start` (built app) and `npm run dev` (Vite middleware, hot reload).
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DEVELOPMENT = process.argv.includes("--dev");

async function main() {
  const server = express();
  server.disable("x-powered-by");
  // Server-sent events must reach the browser as they are written, never buffered.
  server.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
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
    server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
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
  server.use(started.app);

  const port = started.config.PORT;
  const httpServer = server.listen(port, () => {
    started.log.info(`Festa Solidária em ${started.config.PUBLIC_URL} (porta ${port}, banco ${started.databaseKind})`);
  });
  httpServer.on("error", (error) => {
    console.error(`\nNão foi possível abrir a porta ${port}: ${error.message}\n`);
    process.exit(1);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    httpServer.close();
    httpServer.closeAllConnections?.();
    await started.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main();
