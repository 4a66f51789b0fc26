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
//    first. React hoists the links into <head>, so only the head is searched for them.
// 3. <Scripts> also writes an inline module script that imports the page's route modules with
//    static `import` statements, so the browser evaluates the whole graph (React DOM, React Router,
//    the shell, the route and its form code: 40–60 ms on a fast laptop, 4× that on a slow phone)
//    in one task that blocks input after the first paint. The script is rewritten to import the
//    same modules one by one, shared chunks first, yielding to the browser between them
//    (`splitModuleEvaluation`): the same work in several shorter tasks. Anything unexpected in the
//    script leaves it as it was.
const LINK = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = Buffer.from("</head>");

const MODULE_OPEN = 'type="module" async="">';
const SCRIPT_END = "</script>";

/** The head's module preloads at low priority and the module script split (see above). */
export function rewritePageScripts(html: Buffer): Buffer {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  // latin1 maps each byte to one character and back, so multi-byte characters survive untouched
  // (the patterns are ASCII).
  const head = html.toString("latin1", 0, headEnd);
  if (!head.includes(LINK)) return html;
  const parts: Uint8Array[] = [Buffer.from(head.replaceAll(LINK, LOW), "latin1")];
  const open = html.indexOf(MODULE_OPEN, headEnd);
  const end = open < 0 ? -1 : html.indexOf(SCRIPT_END, open);
  if (end < 0) {
    parts.push(html.subarray(headEnd));
  } else {
    const start = open + MODULE_OPEN.length;
    const script = html.toString("latin1", start, end);
    parts.push(html.subarray(headEnd, start), Buffer.from(splitModuleEvaluation(script, preloadHrefs(head)), "latin1"));
    parts.push(html.subarray(end));
  }
  return Buffer.concat(parts);
}

function preloadHrefs(head: string): string[] {
  return [...head.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)].map((m) => m[1]!);
}

const STATIC_IMPORT = /^import \* as (\w+) from ("[^"\n]+");$/gm;
const ENTRY_IMPORT = /^import\(("[^"\n]+")\);\s*$/m;
const SAFE_HREF = /^\/[\w\-./]+\.js$/;

/**
 * Rewrites <Scripts>' inline module script so that the page's modules are evaluated in several
 * tasks instead of one: the preloaded shared chunks first, one by one, then each route module, a
 * yield to the browser after each. `import * as route0 from "…"` becomes
 * `const route0 = await import("…")` (the same namespace object). The entry module's `import()`
 * stays last. A script that does not look as expected is returned unchanged.
 */
export function splitModuleEvaluation(script: string, preloads: string[]): string {
  const routeModules = [...script.matchAll(STATIC_IMPORT)].map((m) => JSON.parse(m[2]!) as string);
  const entry = ENTRY_IMPORT.exec(script);
  if (routeModules.length === 0 || !entry) return script;
  const entryModule = JSON.parse(entry[1]!) as string;
  const shared = preloads.filter((href) => href !== entryModule && !routeModules.includes(href));
  if (![...shared, ...routeModules].every((href) => SAFE_HREF.test(href))) return script;
  const prelude =
    "const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));\n" +
    `for (const href of ${JSON.stringify(shared)}) {\n  await import(href);\n  await yieldToBrowser();\n}\n`;
  const body = script.replace(
    STATIC_IMPORT,
    (_line, name: string, href: string) => `const ${name} = await import(${href});\nawait yieldToBrowser();`,
  );
  return prelude + body;
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
      finish({ page: rewritePageScripts(Buffer.concat(chunks)) });
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
