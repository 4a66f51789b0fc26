/**
 * Where a live stream's bytes go (issue 19: 10 000 streams per process). The stream is handed to
 * React Router as a web ReadableStream (tests and any other reader pull it as usual), but the
 * request handler of this app attaches the HTTP response itself (attachEventSink): from then on a
 * chunk is one `res.write` of bytes shared by every stream — no per-chunk promise, reader or copy.
 *
 * Memory per stream is bounded: a browser that stops reading while events keep coming is cut
 * once MAX_BUFFERED_BYTES wait in its socket (it reconnects and gets a fresh snapshot).
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** The HTTP response, as the request handler gives it. */
export type EventSink = {
  write(chunk: Uint8Array): void;
  end(): void;
  /** Bytes written but not yet taken by the socket. */
  buffered(): number;
};

const attachers = new WeakMap<ReadableStream<Uint8Array>, (sink: EventSink) => void>();

/** Writes `stream` straight to `sink` when it is a live stream of this module; false otherwise. */
export function attachEventSink(stream: ReadableStream<Uint8Array>, sink: EventSink): boolean {
  const attach = attachers.get(stream);
  if (!attach) return false;
  attachers.delete(stream);
  attach(sink);
  return true;
}

export type EventOutput = {
  readonly stream: ReadableStream<Uint8Array>;
  /** False once the stream is closed (or cut for not reading). */
  write(chunk: Uint8Array): boolean;
  /** Ends the stream once what was written is out. */
  close(): void;
};

/** `onCancel`: the reader went away, or the sink's buffer overflowed. */
export function createEventOutput(onCancel: () => void): EventOutput {
  const queued: Uint8Array[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let readerWaits = false;
  let sink: EventSink | undefined;
  let closing = false;
  let closed = false;

  const finish = () => {
    if (closed) return;
    closed = true;
    if (sink) sink.end();
    else controller?.close();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull(c) {
        const next = queued.shift();
        if (next) c.enqueue(next);
        else readerWaits = true;
        if (closing && queued.length === 0) finish();
      },
      cancel() {
        closed = true;
        onCancel();
      },
    },
    { highWaterMark: 0 },
  );

  attachers.set(stream, (attached) => {
    sink = attached;
    for (const chunk of queued.splice(0)) attached.write(chunk);
    if (closing) finish();
  });

  return {
    stream,
    write(chunk) {
      if (closing || closed) return false;
      if (sink) {
        if (sink.buffered() > MAX_BUFFERED_BYTES) {
          closing = true;
          finish();
          onCancel();
          return false;
        }
        sink.write(chunk);
      } else if (readerWaits) {
        readerWaits = false;
        controller!.enqueue(chunk);
      } else {
        // Nobody reads yet: the same bound.
        if (queued.reduce((n, c) => n + c.byteLength, chunk.byteLength) > MAX_BUFFERED_BYTES) {
          closing = true;
          queued.length = 0;
          finish();
          onCancel();
          return false;
        }
        queued.push(chunk);
      }
      return true;
    },
    close() {
      if (closing || closed) return;
      closing = true;
      if (sink || queued.length === 0) finish();
    },
  };
}
