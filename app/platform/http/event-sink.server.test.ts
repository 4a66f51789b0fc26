import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpEventSink } from "./event-sink.server";

const bytes = (text: string) => new TextEncoder().encode(text);
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose every answer is an event stream written through the sink: two events, then the end. */
async function listen(events: Uint8Array[]) {
  const sinks: Array<ReturnType<typeof httpEventSink>> = [];
  const resWrites = { GET: 0, HEAD: 0 } as Record<string, number>;
  server = http.createServer((req, res) => {
    const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
    res.write = ((chunk: Uint8Array) => (resWrites[req.method!]!++, write(chunk))) as typeof res.write;
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const sink = httpEventSink(res);
    sinks.push(sink);
    for (const event of events) sink.write(event);
    sink.write(new Uint8Array()); // never read as the end of the body
    setTimeout(() => sink.end(), 10);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server!.address() as net.AddressInfo).port, sinks, resWrites };
}

/** Raw bytes of what the server sends for `requests` on one kept-alive connection. */
function raw(port: number, requests: string, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(requests));
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (until(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
  });
}

describe("a live stream's HTTP response", () => {
  it("sends each event as one chunk of chunked encoding, the same bytes framed once for every stream", async () => {
    const shared = bytes('event: snapshot\ndata: {"raisedCents":2500}\n\n');
    const { port, resWrites } = await listen([shared, bytes("é\n\n")]);
    const [a, b] = await Promise.all([fetch(`http://127.0.0.1:${port}/`), fetch(`http://127.0.0.1:${port}/`)]);
    const expected = `event: snapshot\ndata: {"raisedCents":2500}\n\né\n\n`;
    expect(await a.text()).toBe(expected);
    expect(await b.text()).toBe(expected);
    const wire = await raw(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", (t) => t.endsWith("0\r\n\r\n"));
    expect(wire).toContain("Transfer-Encoding: chunked");
    expect(resWrites.GET).toBe(0); // straight to the socket, not through Node's res.write
    expect(wire.slice(wire.indexOf("\r\n\r\n") + 4)).toBe(
      `${shared.byteLength.toString(16)}\r\n${Buffer.from(shared).toString("latin1")}\r\n4\r\n${Buffer.from("é\n\n").toString("latin1")}\r\n0\r\n\r\n`,
    );
  });

  it("keeps the connection usable for the next request once the stream has ended", async () => {
    const { port } = await listen([bytes("data: 1\n\n")]);
    const twice = "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n";
    const wire = await raw(port, twice, (t) => t.split("0\r\n\r\n").length === 3);
    expect(wire.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(wire.match(/9\r\ndata: 1\n\n\r\n/g)).toHaveLength(2);
  });

  it("sends no body to a HEAD request", async () => {
    const { port, resWrites } = await listen([bytes("data: 1\n\n")]);
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(resWrites.HEAD).toBeGreaterThan(0); // through res.write, which knows a HEAD answer has no body
    expect(await response.text()).toBe("");
  });

  it("reports the bytes still waiting in the socket of a guest who stops reading (the per-stream bound)", async () => {
    // 16 MB to a client that never reads: more than the kernel's socket buffers take.
    const { port, sinks } = await listen([new Uint8Array(16 * 1024 * 1024).fill(97)]);
    const socket = net.connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    socket.pause();
    try {
      while (sinks.length === 0) await new Promise((r) => setTimeout(r, 5));
      expect(sinks[0]!.buffered()).toBeGreaterThan(1024 * 1024);
    } finally {
      socket.destroy();
    }
  });
});
