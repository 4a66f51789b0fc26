import type { AddressInfo } from "node:net";
import net from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { adoptConnection, createHttpServer, KEPT_ALIVE_QUIET_MS, serveHandedOverConnections, stopHttpServer } from "./http-server.server";

const log = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let servers: Array<ReturnType<typeof createHttpServer>> = [];

afterEach(() => {
  for (const s of servers) s.closeAllConnections();
  servers = [];
});

/** A server whose POST answers with the size of the body it read, and whose GET /stream streams. */
async function start(requestTimeoutSeconds = 60) {
  const server = createHttpServer(
    (req, res) => {
      if (req.url === "/stream") {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        const tick = setInterval(() => res.write(": tick\n\n"), 200);
        res.on("close", () => clearInterval(tick));
        return;
      }
      let size = 0;
      req.on("data", (c: Buffer) => (size += c.length));
      req.on("end", () => res.end(`read ${size}`));
    },
    { requestTimeoutSeconds },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A raw connection: what the server sends, and whether it closed. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { text: "", closed: false, closedAt: 0 };
  socket.on("data", (d) => (state.text += d.toString()));
  socket.on("close", () => Object.assign(state, { closed: true, closedAt: Date.now() }));
  socket.on("error", () => {});
  return { socket, state };
}

/** Starts a POST whose 10-byte body is sent one byte every `everyMs`. */
function slowPost(port: number, everyMs: number) {
  const c = connect(port);
  c.socket.write("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n");
  let sent = 0;
  const timer = setInterval(() => {
    if (c.state.closed || sent === 10) return clearInterval(timer);
    c.socket.write("x");
    sent++;
  }, everyMs);
  return c;
}

describe("request timeouts", () => {
  it("cut a body sent too slowly, but never a live stream", async () => {
    const { port } = await start(1);
    const stream = connect(port);
    stream.socket.write("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
    const slow = slowPost(port, 400); // 10 bytes over 4 s, past the 1 s request timeout
    const startedAt = Date.now();
    await sleep(3_000);
    expect(slow.state.closed).toBe(true);
    expect(slow.state.text).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.state.closedAt - startedAt).toBeLessThan(2_600);
    // The stream has been open three times the request timeout and still delivers.
    expect(stream.state.closed).toBe(false);
    const before = stream.state.text.length;
    await sleep(500);
    expect(stream.state.text.length).toBeGreaterThan(before);
  });
});

describe("stop", () => {
  it("lets requests in flight finish, closes idle keep-alive connections at once, refuses new ones", async () => {
    const { server, port } = await start();
    const idle = connect(port);
    idle.socket.write("POST /quick HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx");
    const slow = Array.from({ length: 5 }, () => slowPost(port, 150)); // each takes ~1.5 s
    await sleep(KEPT_ALIVE_QUIET_MS + 100); // the idle connection has been quiet long enough
    expect(idle.state.text).toContain("read 1");

    const stopping = stopHttpServer(server, { graceMs: 10_000, log, closeStreams: () => 0 });
    await sleep(150);
    expect(idle.state.closed).toBe(true);
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.on("connect", () => resolve(false)).on("error", () => resolve(true));
    });
    expect(refused).toBe(true);

    const result = await stopping;
    await sleep(100); // the clients' side of the closed connections
    for (const c of slow) {
      expect(c.state.text).toMatch(/^HTTP\/1\.1 200/);
      expect(c.state.text).toContain("Connection: close");
      expect(c.state.text).toContain("read 10");
    }
    expect(result).toMatchObject({ requests: 5, cut: 0 });
    expect(result.ms).toBeLessThan(5_000);
  });

  it("cuts what is left when the grace is over", async () => {
    const { server, port } = await start();
    const slow = slowPost(port, 1_000); // 10 s
    await sleep(200);
    const result = await stopHttpServer(server, { graceMs: 500, log, closeStreams: () => 0 });
    expect(result.cut).toBe(1);
    await sleep(50);
    expect(slow.state.closed).toBe(true);
  });
});

describe("stop, without resetting a request already on its way", () => {
  it("answers a connection accepted before the stop whose first request arrives after it", async () => {
    const { server, port } = await start();
    const early = connect(port);
    await sleep(100); // accepted, nothing sent yet
    const stopping = stopHttpServer(server, { graceMs: 10_000, log, closeStreams: () => 0 });
    await sleep(300);
    early.socket.write("POST /late HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok");
    await stopping;
    await sleep(50);
    expect(early.state.text).toMatch(/^HTTP\/1\.1 200/);
    expect(early.state.text).toContain("Connection: close");
    expect(early.state.text).toContain("read 2");
  });

  it("answers the next request on a kept-alive connection answered just before the stop", async () => {
    const { server, port } = await start();
    const kept = connect(port);
    kept.socket.write("POST /one HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx");
    await sleep(100);
    expect(kept.state.text).toContain("read 1");
    expect(kept.state.text).not.toContain("Connection: close");
    const stopping = stopHttpServer(server, { graceMs: 10_000, log, closeStreams: () => 0 });
    await sleep(100); // the client sends its next request before hearing of the stop
    kept.socket.write("POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz");
    await stopping;
    await sleep(50);
    expect(kept.state.text).toContain("read 3");
    expect(kept.state.text.split("HTTP/1.1 200")).toHaveLength(3);
    expect(kept.state.text.slice(kept.state.text.lastIndexOf("HTTP/1.1"))).toContain("Connection: close");
    expect(kept.state.closed).toBe(true);
  });

  it("serves connections handed over by the primary, and drains only once it says none is left", async () => {
    const server = createHttpServer((req, res) => req.resume().on("end", () => res.end("ok")), { requestTimeoutSeconds: 60 });
    servers.push(server);
    serveHandedOverConnections(server);
    // Stands in for the primary: accepts without reading and hands the socket over.
    const acceptor = net.createServer({ pauseOnConnect: true }, (socket) => adoptConnection(server, socket));
    await new Promise<void>((resolve) => acceptor.listen(0, "127.0.0.1", resolve));
    const port = (acceptor.address() as AddressInfo).port;
    const c = connect(port);
    c.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await sleep(100);
    expect(c.state.text).toMatch(/^HTTP\/1\.1 200/);

    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    let done = false;
    const stopping = stopHttpServer(server, { graceMs: 10_000, log, closeStreams: () => 0, closeListener: () => confirmed }).then(
      (r) => ((done = true), r),
    );
    // A connection still in transit from the primary arrives after the stop began: it is served.
    const late = connect(port);
    late.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await sleep(KEPT_ALIVE_QUIET_MS + 200);
    expect(late.state.text).toContain("Connection: close");
    expect(done).toBe(false); // the primary has not confirmed yet
    acceptor.close();
    confirm();
    const result = await stopping;
    expect(result.cut).toBe(0);
    expect(c.state.closed).toBe(true);
  });
});
