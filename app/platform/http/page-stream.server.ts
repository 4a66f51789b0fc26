// How a page React renders reaches the socket. No page of ours streams anything worth waiting
// for (no deferred loader data; the lazy components are already loaded): React Router's loader
// data ride along as a few <script> chunks behind Suspense boundaries that resolve within a tick.
// So the page is rendered whole (`onAllReady`) and written once:
//
// 1. React's pipe() hands a finished page over synchronously, as a few dozen chunks of at most
//    4 KB. They used to go through a Node Transform, a web ReadableStream and the socket one by
//    one (a tenth of a public page's CPU in a profile, plus the promises of the web stream). They
//    are now collected by a plain sink and sent as one buffer (`renderedPageBody`).
// 2. React Router's <Scripts> asks for every module of the page with <link rel="modulepreload">,
//    which Chrome fetches at High priority, side by side with the stylesheet, the Latin font and the
//    LCP image. On a slow phone connection ~130 KB of JavaScript then shares the bandwidth with what
//    the first paint waits for, and React Router offers no way to set the links' priority. They
//    are marked `fetchpriority="low"`: they still start at once, but what paints the page goes
//    first. React hoists the links into <head>, so only the head is rewritten.
const LINK = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = Buffer.from("</head>");

/** The head's module preloads at low priority; the body is left alone. */
export function lowPriorityPreloads(html: Buffer): Buffer {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  // latin1 maps each byte to one character and back, so multi-byte characters survive untouched
  // (the pattern is ASCII).
  const head = html.toString("latin1", 0, headEnd);
  if (!head.includes(LINK)) return html;
  return Buffer.concat([Buffer.from(head.replaceAll(LINK, LOW), "latin1"), html.subarray(headEnd)]);
}

/** What React's pipe() needs of a destination: it writes, ends, or destroys with an error. */
export type PageSink = {
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): PageSink;
};

/**
 * A destination for React's pipe() that keeps every chunk and hands the whole page over once
 * React ends it (head rewritten, see above), or the error it was destroyed with.
 */
export function pageSink(done: (result: { page: Buffer } | { error: unknown }) => void): PageSink & NodeJS.WritableStream {
  const chunks: Uint8Array[] = [];
  let finished = false;
  const finish = (result: { page: Buffer } | { error: unknown }) => {
    if (finished) return;
    finished = true;
    done(result);
  };
  const sink: PageSink = {
    write(chunk) {
      // React allocates a new view after handing one over, so keeping it is safe.
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      finish({ page: lowPriorityPreloads(Buffer.concat(chunks)) });
    },
    destroy(error) {
      finish({ error: error ?? new Error("page render destroyed") });
    },
    // 'drain' never comes (write never refuses); 'error' and 'close' never happen to a buffer.
    on: () => sink,
  };
  // Typed as the Node stream React's pipe() is declared to take; it uses only the methods above.
  return sink as PageSink & NodeJS.WritableStream;
}

const wholeBodies = new WeakMap<Response, Buffer>();

/**
 * A page's Response whose body is held aside, whole: the request handler sends it as one buffer
 * (`renderedPageBody`). The Response itself carries no body: undici copies a buffer body and
 * wraps it in a web stream (~65 µs and 40 KB of garbage per page), which nothing here reads.
 */
export function renderedPageResponse(page: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  wholeBodies.set(response, page);
  return response;
}

/** The whole body of a Response made by `renderedPageResponse`, if `response` is one. */
export function renderedPageBody(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}
