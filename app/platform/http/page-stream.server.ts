import { Transform, type TransformCallback } from "node:stream";

// The stream React renders a page into, on its way to the socket. It does two things:
//
// 1. React Router's <Scripts> asks for every module of the page with <link rel="modulepreload">,
//    which Chrome fetches at High priority, side by side with the stylesheet, the Latin font and the
//    LCP image. On a slow phone connection ~130 KB of JavaScript then shares the bandwidth with what
//    the first paint waits for, and React Router offers no way to set the links' priority. They
//    are marked `fetchpriority="low"`: they still start at once, but what paints the page goes
//    first. React hoists the links into <head>, so only the head is scanned.
// 2. React writes a page as a few dozen chunks of at most 4 KB, and each went through the web
//    stream and the socket on its own (a tenth of a public page's CPU in a profile). The chunks
//    React writes in one go are handed on as one: React calls `flush()` when it stops writing;
//    `setImmediate` covers a write without one.
const LINK = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

export function pageStream(): Transform & { flush: () => void } {
  let inHead = true;
  let carry = "";
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (inHead) chunk = rewriteHead(chunk);
      if (chunk.length > 0) pending.push(chunk);
      scheduled ??= setImmediate(emit);
      done();
    },
    final(done: TransformCallback) {
      if (carry) pending.push(Buffer.from(carry, "latin1"));
      carry = "";
      emit();
      done();
    },
  }) as Transform & { flush: () => void };
  stream.flush = emit;
  return stream;

  function emit() {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (pending.length === 0) return;
    const out = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(out);
  }

  function rewriteHead(chunk: Buffer): Buffer {
    // latin1 maps each byte to one character and back, so a multi-byte character cut by the
    // chunking survives untouched (the patterns searched for are ASCII).
    const text = carry + chunk.toString("latin1");
    carry = "";
    const headEnd = text.indexOf(HEAD_END);
    if (headEnd >= 0) {
      inHead = false;
      return Buffer.from(text.slice(0, headEnd).replaceAll(LINK, LOW) + text.slice(headEnd), "latin1");
    }
    // Hold back a tail that could be the start of a link or of </head> cut by the chunking.
    const keep = partialTail(text);
    carry = text.slice(text.length - keep);
    return Buffer.from(text.slice(0, text.length - keep).replaceAll(LINK, LOW), "latin1");
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of LINK or HEAD_END. */
function partialTail(text: string): number {
  const from = text.lastIndexOf("<");
  if (from < 0) return 0;
  const tail = text.slice(from);
  return (LINK.startsWith(tail) && tail.length < LINK.length) || (HEAD_END.startsWith(tail) && tail.length < HEAD_END.length)
    ? tail.length
    : 0;
}
