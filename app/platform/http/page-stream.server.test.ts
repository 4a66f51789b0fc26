import { describe, expect, it } from "vitest";
import { pageStream } from "./page-stream.server";

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
