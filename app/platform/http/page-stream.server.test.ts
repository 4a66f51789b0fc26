import { describe, expect, it } from "vitest";
import { pageStream, splitModuleEvaluation } from "./page-stream.server";

async function run(chunks: string[], { flushEach = false } = {}): Promise<string[]> {
  const stream = pageStream();
  const out: string[] = [];
  stream.on("data", (c: Buffer) => out.push(c.toString()));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) {
    stream.write(c);
    if (flushEach) stream.flush();
  }
  stream.end();
  await ended;
  return out;
}

const page =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/a.js"/>' +
  '<link rel="modulepreload" href="/b.js"/></head><body><p>&lt;link rel="modulepreload"</p>' +
  '<pre><link rel="modulepreload" href="/c.js"/></pre></body></html>';
const expected = page
  .replace('<link rel="modulepreload" href="/a.js"', '<link rel="modulepreload" fetchpriority="low" href="/a.js"')
  .replace('<link rel="modulepreload" href="/b.js"', '<link rel="modulepreload" fetchpriority="low" href="/b.js"');

const cut = (size: number) => {
  const chunks = [];
  for (let i = 0; i < page.length; i += size) chunks.push(page.slice(i, i + size));
  return chunks;
};

describe("pageStream", () => {
  it("marks the head's module preloads low priority and leaves the body alone", async () => {
    expect((await run([page])).join("")).toBe(expected);
  });

  it("gives the same page however React cuts it into chunks", async () => {
    for (let size = 1; size <= 40; size++) {
      expect((await run(cut(size))).join("")).toBe(expected);
      expect((await run(cut(size), { flushEach: true })).join("")).toBe(expected);
    }
  });

  it("keeps a character whose bytes are cut between two chunks (pt-BR titles in the head)", async () => {
    const bytes = Buffer.from(
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" href="/a.js"/></head><body>ç</body></html>',
    );
    const stream = pageStream();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
    stream.end();
    await ended;
    expect(Buffer.concat(out).toString()).toBe(
      '<html><head><title>Festa Solidária — São Paulo</title><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>ç</body></html>',
    );
  });

  it("hands the chunks written in one go on as one", async () => {
    expect(await run(cut(16))).toEqual([expected]);
  });

  it("passes a page without a head through unchanged", async () => {
    expect((await run(["<p>a</p><lin", "k"])).join("")).toBe("<p>a</p><link");
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

  it("rewrites the module script of a page cut into any chunks", async () => {
    const html =
      '<html><head><link rel="modulepreload" href="/assets/entry.client-C.js"/><link rel="modulepreload" href="/assets/react-D.js"/>' +
      '<link rel="modulepreload" href="/assets/root-A.js"/></head><body><p>oi</p><script nonce="n" type="module" async="">' +
      ';\nimport * as route0 from "/assets/root-A.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-C.js");' +
      "</script><p>fim</p></body></html>";
    const whole = (await run([html])).join("");
    expect(whole).toContain('for (const href of ["/assets/react-D.js"])');
    expect(whole).toContain('const route0 = await import("/assets/root-A.js");');
    expect(whole.endsWith('import("/assets/entry.client-C.js");</script><p>fim</p></body></html>')).toBe(true);
    for (let size = 1; size <= 50; size += 7) {
      const chunks = [];
      for (let i = 0; i < html.length; i += size) chunks.push(html.slice(i, i + size));
      expect((await run(chunks, { flushEach: true })).join("")).toBe(whole);
    }
  });
});
