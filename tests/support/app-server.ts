/**
 * The real request pipeline (server/app.ts: request ids, CSP nonce, security headers, origin
 * check, React Router) over the route modules listed in app/routes.ts, served in-process on the
 * test database. No Vite build is needed: the ServerBuild is assembled from the source modules,
 * shaped like the one `react-router build` emits.
 *
 *   const app = await startAppServer();
 *   const res = await fetch(`${app.url}/festa/abc12`);
 *   await app.close();
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { type ServerBuild, UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps } from "react-router";
import { logger } from "~/platform/logger.server";
import routeConfig from "~/routes";
import { createRequestPipeline } from "../../server/app";
import { type TestDepsOverrides, testDeps } from "./context";

export type RouteEntry = {
  id: string;
  file: string;
  path: string | undefined;
  index: boolean;
  parentId: string;
};

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

/** Every route of app/routes.ts (children included), with the id React Router gives it. */
export function listRoutes(): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (entries: ConfigEntry[], parentId: string) => {
    for (const e of entries) {
      const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
      out.push({ id, file: e.file, path: e.path, index: Boolean(e.index), parentId });
      if (e.children) walk(e.children, id);
    }
  };
  walk(routeConfig as unknown as ConfigEntry[], "root");
  return out;
}

export type RouteModule = Record<string, unknown> & {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  default?: unknown;
};

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export async function importRouteModule(file: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.join(APP_DIR, file))) as RouteModule;
}

// Vitest does not process CSS, so `app.css?url` is "" and React warns on every page; the real
// build has the URL. Only that warning is dropped.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (
    typeof args[0] === "string" &&
    (args[0].startsWith('React encountered a `<link rel="stylesheet"') ||
      args[0].startsWith('An empty string ("") was passed to the %s attribute'))
  )
    return;
  consoleError(...args);
};

let buildPromise: Promise<ServerBuild> | undefined;

/** A ServerBuild from the source route modules (asset URLs are placeholders: nothing loads them). */
export function sourceServerBuild(): Promise<ServerBuild> {
  buildPromise ??= (async () => {
    const entryModule = await import("~/entry.server");
    const root = await import("~/root");
    const entries = [{ id: "root", file: "root.tsx", path: "", index: false, parentId: undefined as string | undefined }, ...listRoutes()];
    const routes: Record<string, unknown> = {};
    const manifestRoutes: Record<string, unknown> = {};
    for (const r of entries) {
      const module = withProps(r.id === "root" ? (root as unknown as RouteModule) : await importRouteModule(r.file));
      const common = { id: r.id, parentId: r.parentId, path: r.path, index: r.index || undefined, caseSensitive: undefined };
      routes[r.id] = { ...common, module };
      manifestRoutes[r.id] = {
        ...common,
        hasAction: typeof module.action === "function",
        hasLoader: typeof module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasDefaultExport: module.default !== undefined,
        hasErrorBoundary: module.ErrorBoundary !== undefined,
        module: `/assets/${r.id.replace(/[^a-z0-9]+/gi, "_")}.js`,
        imports: [],
        css: [],
      };
    }
    return {
      entry: { module: entryModule },
      routes,
      assets: {
        entry: { module: "/assets/entry.client.js", imports: [], css: [] },
        routes: manifestRoutes,
        url: "/assets/manifest-test.js",
        version: "test",
      },
      assetsBuildDirectory: "build/client",
      basename: "/",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      publicPath: "/",
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
      allowedActionOrigins: false,
    } as unknown as ServerBuild;
  })();
  return buildPromise;
}

/** What the React Router Vite plugin does to a route module: components get their route props. */
function withProps(module: RouteModule): RouteModule {
  const wrapped: RouteModule = { ...module };
  type C = Parameters<typeof UNSAFE_withComponentProps>[0];
  if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as C);
  if (module.ErrorBoundary) wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (module.HydrateFallback) wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped;
}

export type AppServer = { url: string; close: () => Promise<void> };

/**
 * Serves the pipeline on an ephemeral loopback port, with the test dependencies (tests/support/context.ts)
 * and any `deps` overrides (another configuration, a fake provider or clock…).
 */
export async function startAppServer({ deps }: { deps?: TestDepsOverrides } = {}): Promise<AppServer> {
  const build = await sourceServerBuild();
  const app = express();
  app.disable("x-powered-by");
  app.use(createRequestPipeline({ deps: testDeps(deps), log: logger, getBuild: async () => build }));
  const server = app.listen(0, "127.0.0.1");
  // The test's fetch (undici) reuses a kept-alive socket until 1 s before the server's advertised
  // timeout. Client and server share this process's event loop: on a loaded machine a stall of
  // more than that second let the server close a socket the client had just written on (ECONNRESET
  // in http-hardening's hostile-query property, CI with the browser journeys beside it). Idle
  // sockets here live far longer than any gap between a test's requests; close() ends them all.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
