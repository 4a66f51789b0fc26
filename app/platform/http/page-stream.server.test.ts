import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads, pageSink, renderedPageBody, renderedPageResponse } from "./page-stream.server";

const page =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/a.js"/>' +
  '<link rel="modulepreload" href="/b.js"/></head><body><p>&lt;link rel="modulepreload"</p>' +
  '<pre><link rel="modulepreload" href="/c.js"/></pre></body></html>';
const expected = page
  .replace('<link rel="modulepreload" href="/a.js"', '<link rel="modulepreload" fetchpriority="low" href="/a.js"')
  .replace('<link rel="modulepreload" href="/b.js"', '<link rel="modulepreload" fetchpriority="low" href="/b.js"');

/** Writes `chunks` into a sink, as React would, and returns what it hands over. */
function collect(chunks: (Uint8Array | string)[]) {
  let result: { page: Buffer } | { error: unknown } | undefined;
  const sink = pageSink((r) => (result = r));
  for (const c of chunks) expect(sink.write(c)).toBe(true);
  sink.end();
  return result;
}

const cut = (bytes: Buffer, size: number) => {
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
};

describe("lowPriorityPreloads", () => {
  it("marks the head's module preloads low priority and leaves the body alone", () => {
    expect(lowPriorityPreloads(Buffer.from(page)).toString()).toBe(expected);
  });

  it("keeps multi-byte characters of the head and the body (pt-BR titles)", () => {
    const html =
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" href="/a.js"/></head><body>ç</body></html>';
    expect(lowPriorityPreloads(Buffer.from(html)).toString()).toBe(
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>ç</body></html>',
    );
  });

  it("passes a page without a head, or without preloads, through unchanged", () => {
    const bare = Buffer.from('<p>a</p><link rel="modulepreload" href="/a.js"/>');
    expect(lowPriorityPreloads(bare)).toBe(bare);
    const plain = Buffer.from("<html><head><title>a</title></head><body></body></html>");
    expect(lowPriorityPreloads(plain)).toBe(plain);
  });
});

describe("pageSink", () => {
  it("hands the whole page over once, however React cuts it into chunks", () => {
    const bytes = Buffer.from(page.replace("/a.css", "/á.css"));
    const want = expected.replace("/a.css", "/á.css");
    for (let size = 1; size <= 40; size++) {
      const result = collect(cut(bytes, size));
      expect(result && "page" in result && result.page.toString()).toBe(want);
    }
  });

  it("takes the strings React writes straight through", () => {
    const result = collect(["<html><head>", Buffer.from('<link rel="modulepreload" href="/a.js"/>'), "</head><body>é</body></html>"]);
    expect(result && "page" in result && result.page.toString()).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>é</body></html>',
    );
  });

  it("hands over the error it is destroyed with, and nothing after it", () => {
    const results: unknown[] = [];
    const sink = pageSink((r) => results.push(r));
    sink.write("<html>");
    const error = new Error("boom");
    sink.destroy(error);
    sink.end();
    expect(results).toEqual([{ error }]);
  });

  it("receives a whole React page, Suspense boundaries resolved, in one pipe()", async () => {
    const later = Promise.resolve("pronto");
    const Late = () => createElement("p", null, use(later));
    const element = createElement(
      "html",
      null,
      createElement("head", null, createElement("title", null, "Festa")),
      createElement("body", null, createElement(Suspense, { fallback: "…" }, createElement(Late))),
    );
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(element, {
        onAllReady() {
          let handedOver = false;
          pipe(
            pageSink((result) => {
              handedOver = true;
              if ("error" in result) reject(result.error);
              else resolve(result.page.toString());
            }),
          );
          // Synchronously: entry.server.tsx answers from inside onAllReady.
          expect(handedOver).toBe(true);
        },
        onShellError: reject,
      });
    });
    expect(html).toContain("<p>pronto</p>");
    expect(html).toMatch(/<\/html>$/);
  });
});

describe("renderedPageResponse", () => {
  it("keeps the page aside for the request handler, with the status and headers given", () => {
    const body = Buffer.from("<html></html>");
    const response = renderedPageResponse(body, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(renderedPageBody(response)).toBe(body);
    expect(renderedPageBody(new Response("x"))).toBeUndefined();
  });
});
