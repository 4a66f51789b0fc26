import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageSink, renderedPageBody, renderedPageResponse, rewritePageScripts, splitModuleEvaluation } from "./page-stream.server";

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

describe("rewritePageScripts", () => {
  it("marks the head's module preloads low priority and leaves the body alone", () => {
    expect(rewritePageScripts(Buffer.from(page)).toString()).toBe(expected);
  });

  it("keeps multi-byte characters of the head and the body (pt-BR titles)", () => {
    const html =
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" href="/a.js"/></head><body>ç</body></html>';
    expect(rewritePageScripts(Buffer.from(html)).toString()).toBe(
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>ç</body></html>',
    );
  });

  it("passes a page without a head, or without preloads, through unchanged", () => {
    const bare = Buffer.from('<p>a</p><link rel="modulepreload" href="/a.js"/>');
    expect(rewritePageScripts(bare)).toBe(bare);
    const plain = Buffer.from("<html><head><title>a</title></head><body></body></html>");
    expect(rewritePageScripts(plain)).toBe(plain);
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

describe("splitModuleEvaluation", () => {
  const script =
    ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/doar-B.js";\n' +
    '  window.__reactRouterManifest = {"entry":{}};\n  window.__reactRouterRouteModules = {"root":route0,"routes/doar":route1};\n\n' +
    'import("/assets/entry.client-C.js");';
  const preloads = ["/assets/entry.client-C.js", "/assets/react-D.js", "/assets/root-A.js", "/assets/shell-E.js", "/assets/doar-B.js"];

  it("imports the shared chunks one by one, then each route module, yielding between them", () => {
    const out = splitModuleEvaluation(script, preloads);
    expect(out).toContain('for (const href of ["/assets/react-D.js","/assets/shell-E.js"])');
    expect(out).toContain('const route0 = await import("/assets/root-A.js");\nawait yieldToBrowser();');
    expect(out).toContain('const route1 = await import("/assets/doar-B.js");\nawait yieldToBrowser();');
    expect(out).not.toContain("import * as");
    expect(out.endsWith('import("/assets/entry.client-C.js");')).toBe(true);
  });

  it("leaves a script it does not recognise alone", () => {
    expect(splitModuleEvaluation("console.log(1)", preloads)).toBe("console.log(1)");
    expect(splitModuleEvaluation(script, [...preloads, '/x.js");alert(1);("'])).toBe(script);
  });

  it("rewrites the module script of a whole page, after the head's preloads, and keeps the rest", () => {
    const html =
      '<html><head><title>São Paulo</title><link rel="modulepreload" href="/assets/entry.client-C.js"/><link rel="modulepreload" href="/assets/react-D.js"/>' +
      '<link rel="modulepreload" href="/assets/root-A.js"/></head><body><p>ç</p><script nonce="n" type="module" async="">' +
      ';\nimport * as route0 from "/assets/root-A.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-C.js");' +
      "</script><p>fim</p></body></html>";
    const whole = rewritePageScripts(Buffer.from(html)).toString();
    expect(whole).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/react-D.js"/>');
    expect(whole).toContain('for (const href of ["/assets/react-D.js"])');
    expect(whole).toContain('const route0 = await import("/assets/root-A.js");');
    expect(whole).toContain("<title>São Paulo</title>");
    expect(whole.endsWith('import("/assets/entry.client-C.js");</script><p>fim</p></body></html>')).toBe(true);
  });
});
