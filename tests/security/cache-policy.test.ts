/**
 * Security review finding 6: a page marked public must never be stored by a browser or a proxy
 * when it was rendered for someone signed in (it carries their name, e-mail and admin flag). Any
 * answer to a request with a session is `private, no-store`; public caching is for anonymous ones.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { type AppServer, startAppServer } from "@tests/app-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPersonalRequest } from "~/platform/http/cache-policy.server";
import { buildWorld, type World } from "./support/world";

let app: AppServer;
let w: World;

beforeAll(async () => {
  w = await buildWorld();
  app = await startAppServer();
}, 120_000);
afterAll(() => app?.close());

// The pages that declare `public` caching, as documents and as client-side navigation data.
const PUBLIC_PAGES = ["/", "/_root.data", "/historias", "/historias.data", "/transparencia", "/transparencia.data"];

describe("Cache-Control by who is asking", () => {
  it.each(PUBLIC_PAGES)("%s: private, no-store with a session; public and varying on Cookie without", async (path) => {
    const signedIn = await fetch(`${app.url}${path}`, { headers: { Cookie: w.users.user.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    await signedIn.arrayBuffer();

    const anonymous = await fetch(`${app.url}${path}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toMatch(/\bpublic\b/);
    expect(anonymous.headers.get("Vary") ?? "").toMatch(/\bCookie\b/i);
    const body = await anonymous.text();
    expect(body).not.toContain(w.users.user.user.email);
  });

  // Whatever the route declared (or nothing), and whatever kind of answer React Router gave.
  const SIGNED_IN_ANSWERS = [
    { path: "/sitemap.xml", what: "a resource route declaring public caching" },
    { path: "/robots.txt", what: "another one" },
    { path: "/painel", what: "a page declaring nothing" },
    { path: "/painel.data", what: "its client-side navigation data" },
    { path: "/auth", what: "a redirect (a signed-in visitor leaves /auth)" },
    { path: "/festa/nao-existe", what: "a 404" },
  ];
  it.each(SIGNED_IN_ANSWERS)("with a session, $path ($what) is private, no-store", async ({ path }) => {
    const res = await fetch(`${app.url}${path}`, { headers: { Cookie: w.users.user.cookie }, redirect: "manual" });
    await res.arrayBuffer();
    expect(res.headers.get("Cache-Control"), `${path} → ${res.status}`).toBe("private, no-store");
  });

  it("anonymous, a public resource route stays public and varies on Cookie", async () => {
    const res = await fetch(`${app.url}/sitemap.xml`);
    await res.arrayBuffer();
    expect(res.headers.get("Cache-Control")).toMatch(/\bpublic\b/);
    expect(res.headers.get("Vary") ?? "").toMatch(/\bCookie\b/i);
  });

  it("the live stream, with its session: private, no-store, and still no-transform", async () => {
    const controller = new AbortController();
    const res = await fetch(`${app.url}/painel/eventos`, { headers: { Cookie: w.users.user.cookie }, signal: controller.signal });
    controller.abort();
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
  });

  it("knows a personal request by its cookies, not by any cookie", () => {
    const withCookie = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    expect(isPersonalRequest(withCookie("festa.session_token=abc"))).toBe(true);
    expect(isPersonalRequest(withCookie("a=1; __Secure-festa.session_token=abc"))).toBe(true);
    expect(isPersonalRequest(withCookie("fs_toast=xyz"))).toBe(true);
    expect(isPersonalRequest(withCookie("_ga=1; theme=dark"))).toBe(false);
    expect(isPersonalRequest(new Request("http://x/"))).toBe(false);
  });
});
