/**
 * Issue 19 (decision 132): public pages are cacheable by a CDN and shared for a second inside the
 * process, but never between people: a request with a session, a form with tokens and a result
 * page are always rendered for the one asking.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type AppServer, startAppServer } from "@tests/app-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/platform/http/cache-headers";
import { buildWorld, type World } from "./support/world";

let app: AppServer;
let w: World;

beforeAll(async () => {
  w = await buildWorld();
  app = await startAppServer({ deps: { config: parseConfig({ ...process.env, PAGE_CACHE_MS: "60000" }) } });
}, 120_000);
afterAll(() => app?.close());

const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];

describe("public pages for anonymous visitors", () => {
  const PAGES = ["/", "/festa/mari1", "/festa/mari1.data", "/eventos", "/causas", "/como-funciona", "/faq", "/termos-de-uso", "/historias"];

  it.each(PAGES)("%s: public with s-maxage and stale-while-revalidate, an ETag, and a bodiless 304 when revalidated", async (path) => {
    const first = await fetch(`${app.url}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(first.headers.get("Vary") ?? "").toMatch(/\bCookie\b/i);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);
    await first.arrayBuffer();

    const again = await fetch(`${app.url}${path}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
  });

  it("many guests at once get one render, with the CSP that matches its scripts' nonce", async () => {
    const pages = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await fetch(`${app.url}/festa/mari1`);
        return { html: await res.text(), csp: res.headers.get("Content-Security-Policy") ?? "" };
      }),
    );
    const nonces = new Set(pages.map((p) => nonceOf(p.html)));
    expect(nonces.size).toBe(1);
    const [nonce] = nonces;
    expect(nonce).toBeTruthy();
    for (const page of pages) expect(page.csp).toContain(`'nonce-${nonce}'`);
  });
});

describe("never shared between people", () => {
  it("a signed-in visitor gets their own page, private, and the anonymous copy never carries them", async () => {
    const anonymous = await (await fetch(`${app.url}/festa/mari1`)).text();
    const signedIn = await fetch(`${app.url}/festa/mari1`, { headers: { Cookie: w.users.user.cookie } });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.headers.get("ETag")).toBeNull();
    const personal = await signedIn.text();
    expect(personal).toContain(w.users.user.user.email);
    expect(nonceOf(personal)).not.toBe(nonceOf(anonymous));
    const afterwards = await (await fetch(`${app.url}/festa/mari1`)).text();
    expect(afterwards).not.toContain(w.users.user.user.email);
  });

  it.each(["/doar?festa=mari1", "/auth", "/contato", "/doacao-sucesso", "/assine-o-bem"])(
    "%s (a form or a result page) is rendered for each request",
    async (path) => {
      const [a, b] = await Promise.all([fetch(`${app.url}${path}`), fetch(`${app.url}${path}`)]);
      for (const res of [a, b]) {
        expect(res.headers.get("Cache-Control") ?? "").not.toMatch(/\bpublic\b/);
        expect(res.headers.get("ETag")).toBeNull();
      }
      expect(nonceOf(await a.text())).not.toBe(nonceOf(await b.text()));
    },
  );
});

/** One GET through node:http: the bytes as sent (fetch would decompress them) and the headers. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("the copy as sent (shared-page-answer.server.ts)", () => {
  it("is compressed per encoding the visitor takes, each decoding to the same page, with the CSP of its nonce and the security headers", async () => {
    const plain = await rawGet(`${app.url}/festa/mari1`, {});
    const br = await rawGet(`${app.url}/festa/mari1`, { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await rawGet(`${app.url}/festa/mari1`, { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const nonce = nonceOf(plain.body.toString());
    expect(nonce).toBeTruthy();
    for (const res of [plain, br, gzip]) {
      expect(res.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["vary"]).toMatch(/\bCookie\b.*\bAccept-Encoding\b/i);
      expect(Number(res.headers["content-length"])).toBe(res.body.byteLength);
    }
  });

  it.each(["festa.session_token=abc", "fs_toast=x", "a=1; __Secure-festa.session_token.0=abc"])(
    "a request carrying %s never gets the copy, even a fresh one",
    async (cookie) => {
      const shared = await rawGet(`${app.url}/festa/mari1`, {});
      expect(shared.headers["cache-control"]).toMatch(/\bpublic\b/);
      const personal = await rawGet(`${app.url}/festa/mari1`, { Cookie: cookie });
      expect(personal.headers["cache-control"]).toBe("private, no-store");
      expect(personal.headers["etag"]).toBeUndefined();
      expect(nonceOf(personal.body.toString())).not.toBe(nonceOf(shared.body.toString()));
    },
  );

  it("a revalidation of the copy is a bodiless 304 with its ETag and Vary", async () => {
    const first = await rawGet(`${app.url}/festa/mari1`, {});
    const again = await rawGet(`${app.url}/festa/mari1`, { "If-None-Match": String(first.headers["etag"]) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers["etag"]).toBe(first.headers["etag"]);
    expect(again.headers["vary"]).toMatch(/\bCookie\b/);
    expect(again.headers["content-type"]).toBeUndefined();
  });
});
