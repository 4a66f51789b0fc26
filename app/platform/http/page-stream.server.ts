import { Transform, type TransformCallback } from "node:stream";

// The stream React renders a page into, on its way to the socket. It does three things:
//
// 1. React Router's <Scripts> asks for every module of the page with <link rel="modulepreload">,
//    which Chrome fetches at High priority, side by side with the stylesheet, the Latin font and the
//    LCP image. On a slow phone connection ~130 KB of JavaScript then shares the bandwidth with what
//    the first paint waits for, and React Router offers no way to set the links' priority. They
//    are marked `fetchpriority="low"`: they still start at once, but what paints the page goes
//    first. React hoists the links into <head>, so only the head is scanned for them.
// 2. <Scripts> also writes an inline module script that imports the page's route modules with
//    static `import` statements, so the browser evaluates the whole graph (React DOM, React Router,
//    the shell, the route and its form code: 40–60 ms on a fast laptop, 4× that on a slow phone)
//    in one task that blocks input after the first paint. The script is rewritten to import the
//    same modules one by one, shared chunks first, yielding to the browser between them
//    (`splitModuleEvaluation`): the same work in several shorter tasks. Anything unexpected in the
//    script leaves it as it was.
// 3. React writes a page as a few dozen chunks of at most 4 KB, and each went through the web
//    stream and the socket on its own (a tenth of a public page's CPU in a profile). The chunks
//    React writes in one go are handed on as one: React calls `flush()` when it stops writing;
//    `setImmediate` covers a write without one.
const LINK = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";
// How React writes the opening tag of <Scripts>' inline module script, and its end.
const MODULE_OPEN = 'type="module" async="">';
const SCRIPT_END = "</script>";

export function pageStream(): Transform & { flush: () => void } {
  // head: rewriting the preloads; body: looking for the module script; script: holding it back
  // until its end; done: passing through.
  let phase: "head" | "body" | "script" | "done" = "head";
  let carry = "";
  let head = "";
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const out = phase === "done" ? chunk : Buffer.from(rewrite(chunk.toString("latin1")), "latin1");
      if (out.length > 0) pending.push(out);
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

  // latin1 maps each byte to one character and back, so a multi-byte character cut by the
  // chunking survives untouched (the patterns searched for are ASCII). Returns what can be sent.
  function rewrite(chunk: string): string {
    let text = carry + chunk;
    carry = "";
    let out = "";
    if (phase === "head") {
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd < 0) {
        // Hold back a tail that could be the start of a link or of </head> cut by the chunking.
        const keep = partialTail(text, [LINK, HEAD_END]);
        carry = text.slice(text.length - keep);
        const part = text.slice(0, text.length - keep).replaceAll(LINK, LOW);
        head += part;
        return part;
      }
      const part = text.slice(0, headEnd).replaceAll(LINK, LOW);
      head += part;
      out = part;
      text = text.slice(headEnd);
      phase = "body";
    }
    if (phase === "body") {
      const open = text.indexOf(MODULE_OPEN);
      if (open < 0) {
        const keep = partialTail(text, [MODULE_OPEN]);
        carry = text.slice(text.length - keep);
        return out + text.slice(0, text.length - keep);
      }
      out += text.slice(0, open + MODULE_OPEN.length);
      text = text.slice(open + MODULE_OPEN.length);
      phase = "script";
    }
    if (phase === "script") {
      const end = text.indexOf(SCRIPT_END);
      if (end < 0) {
        carry = text;
        return out;
      }
      out += splitModuleEvaluation(text.slice(0, end), preloadHrefs(head)) + text.slice(end);
      phase = "done";
      head = "";
      return out;
    }
    return out + text;
  }
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

/** Length of the longest suffix of `text` that is a proper prefix of one of `patterns`. */
function partialTail(text: string, patterns: string[]): number {
  for (let length = Math.min(text.length, Math.max(...patterns.map((p) => p.length - 1))); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (patterns.some((p) => p.length > length && p.startsWith(tail))) return length;
  }
  return 0;
}
