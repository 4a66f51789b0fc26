import { describe, expect, it } from "vitest";
import { createSharedResponseCache, etagMatches, isPublicAnswer, weakEtag } from "./shared-response-cache.server";

const page = (text: string) => {
  const body = new TextEncoder().encode(text);
  return {
    status: 200,
    statusText: "OK",
    headers: ["cache-control", "public"],
    body,
    etag: weakEtag(body),
    compressible: false,
    encoded: {},
    route: "routes/festa.$id",
  };
};

describe("shared response cache", () => {
  it("renders a public URL once however many requests arrive together, then serves the copy until it expires", async () => {
    let clock = 0;
    const cache = createSharedResponseCache({ ttlMs: 1_000, now: () => clock });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page(`render ${renders}`);
    };
    await cache.answer("/festa/abc", render); // the first answer tells the cache this URL is public
    clock = 2_000;
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.answer("/festa/abc", render)));
    expect(renders).toBe(2);
    expect(new Set(answers.map((a) => new TextDecoder().decode(a.entry!.body)))).toEqual(new Set(["render 2"]));
    clock = 2_999;
    expect(new TextDecoder().decode((await cache.answer("/festa/abc", render)).entry!.body)).toBe("render 2");
    clock = 3_000;
    expect(new TextDecoder().decode((await cache.answer("/festa/abc", render)).entry!.body)).toBe("render 3");
    expect(cache.renders()).toBe(3);
  });

  it("keeps nothing for an answer that is not public, and lets every such request render", async () => {
    const cache = createSharedResponseCache();
    let renders = 0;
    const render = async () => {
      renders++;
      return null;
    };
    await Promise.all([cache.answer("/doar", render), cache.answer("/doar", render), cache.answer("/doar", render)]);
    expect(renders).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it("a render that fails is the failing request's alone: a request waiting on it renders anew", async () => {
    const cache = createSharedResponseCache({ ttlMs: 0 });
    await cache.answer("/x", async () => page("ok")); // known public
    let fail!: (error: Error) => void;
    const failing = cache.answer("/x", () => new Promise((_, reject) => (fail = reject)));
    const waiting = cache.answer("/x", async () => page("fresh"));
    fail(new Error("visitor went away"));
    await expect(failing).rejects.toThrow("visitor went away");
    expect(new TextDecoder().decode((await waiting).entry!.body)).toBe("fresh");
  });

  it("holds at most maxEntries URLs (random query strings cannot grow it without bound)", async () => {
    const cache = createSharedResponseCache({ maxEntries: 10 });
    for (let i = 0; i < 100; i++) await cache.answer(`/eventos?page=${i}`, async () => page(String(i)));
    expect(cache.size()).toBe(10);
  });
});

describe("ETags and what may be shared", () => {
  it("a weak ETag of the body, matched weakly, in lists and by *", () => {
    const etag = weakEtag(new TextEncoder().encode("<html>"));
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(etag).not.toBe(weakEtag(new TextEncoder().encode("<html>!")));
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", ${etag.slice(2)}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"other"', etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
  });

  it("only a 200 marked public and setting no cookie", () => {
    expect(isPublicAnswer(200, new Headers({ "Cache-Control": "public, s-maxage=10" }))).toBe(true);
    expect(isPublicAnswer(404, new Headers({ "Cache-Control": "public" }))).toBe(false);
    expect(isPublicAnswer(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isPublicAnswer(200, new Headers({ "Cache-Control": "public", "Set-Cookie": "a=b" }))).toBe(false);
    expect(isPublicAnswer(200, new Headers())).toBe(false);
  });
});
