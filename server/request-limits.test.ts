/**
 * Through the real request pipeline (server/app.ts): request bodies are capped per route while they
 * stream in (security finding 2), unknown methods answer 405 without a stack trace (finding 8),
 * and the live stream cap per visitor answers 429.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import net from "node:net";
import { type AppServer, startAppServer } from "@tests/app-server";
import { createTestUser } from "@tests/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as streamLoader } from "~/routes/painel.eventos";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES } from "~/request-limits.server";
import { LIVE_STREAMS_PER_USER } from "~/platform/http/limits.server";
import { LiveStreams } from "~/platform/http/live-streams.server";

let app: AppServer;
let port: number;

beforeAll(async () => {
  app = await startAppServer();
  port = Number(new URL(app.url).port);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/**
 * POSTs a chunked body of up to `totalBytes` in 64 KB chunks, waiting for the socket to take each,
 * and stops when the answer comes or the server closes. Returns the answer and how much was sent.
 */
function chunkedPost(path: string, totalBytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; head: string; body: string; sent: number; closedByServer: boolean }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let sent = 0;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), head, body, sent, closedByServer });
      socket.destroy();
    };
    socket.on("data", (d) => {
      text += d.toString();
      if (text.includes("\r\n\r\n")) setTimeout(() => finish(false), 100);
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    const extra = Object.entries({ Origin: app.url, "Content-Type": "application/x-www-form-urlencoded", ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n${extra}\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const pump = () => {
      while (!done && sent < totalBytes) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (!done && sent >= totalBytes) socket.write("0\r\n\r\n");
    };
    socket.on("connect", pump);
  });
}

describe("request bodies are capped per route while they stream in", () => {
  it("the cap table: public forms 64 KB, /admin and webhooks their own", () => {
    expect(bodyLimitFor("/doar")).toBe(64 * 1024);
    expect(bodyLimitFor("/doar.data")).toBe(64 * 1024);
    // Room for an 11 MB proof to reach the action's own pt-BR message (the proof limit is 10 MB).
    expect(bodyLimitFor("/admin")).toBeGreaterThan(11 * 1024 * 1024);
    expect(bodyLimitFor("/admin.data")).toBe(bodyLimitFor("/admin"));
    expect(bodyLimitFor("/api/webhooks/stripe")).toBe(512 * 1024);
    expect(bodyLimitFor("/administrador")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("a chunked 2 MB POST to /doar gets 413 and is not read to its end", async () => {
    const res = await chunkedPost("/doar", 2 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.head).toMatch(/connection: close/i);
    expect(res.body).toContain("O envio passou do limite de 64 KB.");
  });

  it("a 200 MB chunked POST is refused long before it is all sent: the server stops reading", async () => {
    const res = await chunkedPost("/contato", 200 * 1024 * 1024);
    expect(res.status).toBe(413);
    // What the client could push is the cap plus the kernel's socket buffers, far from 200 MB.
    expect(res.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("a declared Content-Length over the cap is refused before any byte of the body", async () => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => (text += d.toString()));
    socket.write(
      `POST /doar HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\n`,
    );
    await new Promise<void>((resolve) => socket.on("close", resolve));
    expect(text).toMatch(/^HTTP\/1\.1 413/);
  });

  it("webhooks stop at 512 KB even when chunked, answering JSON", async () => {
    const res = await chunkedPost("/api/webhooks/sandbox", 2 * 1024 * 1024, { "Content-Type": "application/json" });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.replace(/^[0-9a-f]+\r\n/, "").split("\r\n")[0]!)).toEqual({ error: "O envio passou do limite de 512 KB." });
  });

  it("a body under the cap reaches the route whole", async () => {
    // /admin takes 1 MB (an anonymous visitor is then sent to sign in), where /doar would refuse it.
    const admin = await chunkedPost("/admin?index", 1024 * 1024);
    expect(admin.status).not.toBe(413);
    expect(admin.status).toBeGreaterThan(0);
    const contact = await fetch(`${app.url}/contato`, {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        nome: "Maria",
        email: "maria@exemplo.com.br",
        telefone: "(31) 98888-7777",
        mensagem: "Olá, tudo certo?",
      }),
    });
    await contact.arrayBuffer();
    expect(contact.status).toBe(200);
  });
});

describe("methods no route answers", () => {
  it.each(["TRACE", "PROPFIND", "OPTIONS"])("%s answers 405 with Allow and no stack trace", async (method) => {
    const res = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (d) => {
        text += d.toString();
        if (text.includes("\r\n\r\n")) setTimeout(() => (socket.destroy(), resolve(text)), 50);
      });
      socket.write(`${method} / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    });
    expect(res).toMatch(/^HTTP\/1\.1 405/);
    expect(res).toMatch(/allow: GET, HEAD, POST/i);
    expect(res).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

describe("live streams per visitor", () => {
  it(`the ${LIVE_STREAMS_PER_USER + 1}th stream of one creator answers 429; closing one frees a place`, async () => {
    const { user, cookie } = await createTestUser();
    const open: AbortController[] = [];
    const request = (signal: AbortSignal) => new Request(`${app.url}/painel/eventos`, { headers: { Cookie: cookie }, signal });
    const load = (signal: AbortSignal, clientIp = "198.51.100.7") =>
      streamLoader({ request: request(signal), params: {}, context: { clientIp } } as never) as Promise<Response>;
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) {
      const abort = new AbortController();
      open.push(abort);
      expect((await load(abort.signal)).status).toBe(200);
    }
    const refused = await load(new AbortController().signal, "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    open.pop()!.abort();
    const again = new AbortController();
    open.push(again);
    expect((await load(again.signal)).status).toBe(200);
    for (const a of open) a.abort();
    expect(user.id).toBeTruthy();
  });

  it("per address too, and a stop closes every stream with a retry hint", () => {
    const streams = new LiveStreams({ perUser: 6, perIp: 2 });
    const a = streams.acquire({ userId: "a", ip: "1" })!;
    expect(streams.acquire({ userId: "b", ip: "1" })).not.toBeNull();
    expect(streams.acquire({ userId: "c", ip: "1" })).toBeNull();
    const hints: number[] = [];
    a.onStop((ms) => hints.push(ms));
    expect(streams.closeAll()).toBe(2);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toBeGreaterThanOrEqual(1_000);
    // A stream opened while stopping is told at once.
    streams.acquire({ userId: "d", ip: "2" })!.onStop((ms) => hints.push(ms));
    expect(hints).toHaveLength(2);
  });
});
