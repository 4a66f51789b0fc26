/**
 * The HTTP response a live stream writes to (event-output.server.ts), as cheap per write as Node
 * allows: a gift on a viral party is one write on each of thousands of streams (issue 19: 10 000
 * per process). Through `res.write`, each of them is framed for chunked transfer encoding, corked
 * and uncorked on the next tick and sent as a three-buffer `writev` — ~45 µs per stream in a
 * profile of the live bench, a third of it Node's HTTP bookkeeping. Here the framed bytes are
 * built once per event and shared by every stream, and each stream's write is one `socket.write`.
 *
 * Only when it is plainly safe: HTTP/1.1 chunked encoding already chosen, the headers already on
 * the socket, the socket this response's own (no pipelined answer ahead of it), a body to send (not
 * HEAD), nothing compressing it. Otherwise every write goes through `res.write` as usual.
 */
import type { ServerResponse } from "node:http";
import type { EventSink } from "./event-output.server";

const CRLF = Buffer.from("\r\n");
const frames = new WeakMap<Uint8Array, Buffer>();

/** `chunk` as one chunk of chunked transfer encoding, built once per chunk object. */
function chunkFrame(chunk: Uint8Array): Buffer {
  let frame = frames.get(chunk);
  if (!frame) {
    frame = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`, "latin1"), chunk, CRLF]);
    frames.set(chunk, frame);
  }
  return frame;
}

/** Sends the response's headers now and returns where its events go. */
export function httpEventSink(res: ServerResponse): EventSink {
  res.flushHeaders();
  const socket = res.socket;
  const direct =
    socket !== null &&
    res.chunkedEncoding &&
    res.req.method !== "HEAD" &&
    res.getHeader("Content-Encoding") === undefined &&
    (socket as { _httpMessage?: unknown })._httpMessage === res &&
    res.writableLength === 0;
  if (!direct) return { write: (chunk) => void res.write(chunk), end: () => res.end(), buffered: () => res.writableLength };
  return {
    write(chunk) {
      // An empty chunk would read as the end of the body.
      if (chunk.byteLength > 0 && !socket.destroyed) socket.write(chunkFrame(chunk));
    },
    end: () => res.end(),
    buffered: () => socket.writableLength,
  };
}
