/**
 * Security finding (issue 31): the body cap was chosen from the raw path while React Router routes
 * the normalised one, so `POST /conta/../doar` (also `%2e%2e`, `\`, `;`…) sent 20 MB to the
 * donation form. Through the real pipeline, every odd path is capped like the route it reaches;
 * and a malformed `Host` answers 400 (it was a 500 with a stack trace on every page and webhook).
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import net from "node:net";
import fc from "fast-check";
import { matchRoutes, type RouteObject } from "react-router";
import { type AppServer, listRoutes, startAppServer } from "@tests/app-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES } from "~/request-limits.server";

let app: AppServer;
let port: number;

beforeAll(async () => {
  app = await startAppServer();
  port = Number(new URL(app.url).port);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Sends a raw request (the path exactly as written) and returns the status line's code and the text. */
function rawRequest(head: string, body = "") {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
    };
    socket.on("data", (d) => {
      text += d.toString();
      if (text.includes("\r\n\r\n")) setTimeout(finish, 150);
    });
    socket.on("close", finish);
    socket.on("error", finish);
    socket.write(head + body);
  });
}

/** A POST of `bytes` (a declared length: a capped route refuses it before reading). */
function post(path: string, bytes: number) {
  return rawRequest(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`,
    "a".repeat(bytes),
  );
}

// React Router's own matching over app/routes.ts, to know which route an odd path really reaches.
function routeTree(): RouteObject[] {
  const entries = listRoutes();
  const build = (parentId: string): RouteObject[] =>
    entries
      .filter((e) => e.parentId === parentId)
      .map((e) => ({ id: e.id, path: e.path, index: e.index || undefined, children: e.index ? undefined : build(e.id) }) as RouteObject);
  return [{ id: "root", path: "", children: build("root") }];
}
const tree = routeTree();
/** The leaf React Router picks for a path as the request handler builds its URL (`.data` dropped). */
function routedLeaf(rawPath: string): string | undefined {
  const pathname = new URL(`http://localhost${rawPath}`).pathname.replace(/\.data$/, "") || "/";
  return matchRoutes(tree, pathname)?.at(-1)?.route.id;
}
/** The routes that take more than a form: the leaves reached by the big-cap prefixes. */
const bigLeaves = new Set(
  ["/admin", "/criar-festa", "/painel/festa/x", "/painel/festa/x/editar", "/conta", "/conta/foto", "/api/webhooks/sandbox"]
    .filter((p) => bodyLimitFor(p) > DEFAULT_BODY_LIMIT_BYTES)
    .map(routedLeaf),
);

const OVER_DEFAULT = DEFAULT_BODY_LIMIT_BYTES + 10 * 1024;

describe("the body cap follows the route the path reaches", () => {
  it.each([
    "/conta/../doar",
    "/conta/%2e%2e/doar",
    "/conta/%2E%2E/doar",
    "/conta/.%2e/doar",
    "/admin/../doar",
    "/conta;/../doar",
    "/conta/..;/../../contato",
    "/conta\\..\\doar",
    "/painel/festa/../../doar",
    "/criar-festa/./../doar.data",
    "/api/webhooks/../../doar",
  ])("POST %s with a body over 64 KB is refused (413), as /doar is", async (path) => {
    expect(routedLeaf(path)).not.toBeUndefined();
    const res = await post(path, OVER_DEFAULT);
    expect(res.status).toBe(413);
  });

  it("a fuzz of odd paths: whatever route React Router picks, a body over its cap never gets in", async () => {
    const segment = fc.constantFrom(
      "conta",
      "admin",
      "criar-festa",
      "painel",
      "festa",
      "api",
      "webhooks",
      "doar",
      "contato",
      "entrar",
      "..",
      ".",
      "%2e%2e",
      "%2E.",
      ".%2e",
      "",
      ";",
      "..;",
      "doar.",
      "conta.",
      "doar..",
      "%2f",
      "%64oar",
      "DOAR",
      "Conta",
      "foto",
      "x;y",
      "conta%2f..%2fdoar",
    );
    const paths = fc.sample(
      fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join("/")}`),
      { numRuns: 400, seed: 31 },
    );
    const leaks: string[] = [];
    for (const path of new Set(paths)) {
      const leaf = routedLeaf(path);
      if (leaf && bigLeaves.has(leaf)) continue; // a route that takes files: its own cap applies
      const res = await post(path, OVER_DEFAULT);
      if (res.status !== 413 && res.status !== 400) leaks.push(`${path} → ${leaf ?? "(no route)"}: ${res.status}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it("the canonical upload routes keep their cap", async () => {
    const res = await post("/conta", OVER_DEFAULT);
    expect(res.status).not.toBe(413);
  });
});

describe("a malformed Host header", () => {
  it.each([
    ["a page", "GET / HTTP/1.1"],
    ["a party page", "GET /festa/abc12 HTTP/1.1"],
    ["a form post", "POST /contato HTTP/1.1"],
    ["a webhook", "POST /api/webhooks/sandbox HTTP/1.1"],
    ["a React Router data request", "GET /_root.data HTTP/1.1"],
  ])("answers 400 on %s, without a stack trace", async (_what, line) => {
    for (const host of ["exa mple.com", "[::1", "a:b:c", "evil.com:99999", "%", "a@b", "ex\\ample"]) {
      const res = await rawRequest(
        `${line}\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`,
        "{}",
      );
      expect(res.status, `${line} Host: ${host}`).toBe(400);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });

  it("a good Host still works, with or without a port", async () => {
    for (const host of ["localhost", `127.0.0.1:${port}`, "festasolidaria.org.br", "[::1]:3000"]) {
      const res = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(res.status, host).toBe(200);
      const page = await rawRequest(`GET /como-funciona HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(page.status, host).toBe(200);
    }
  });
});
