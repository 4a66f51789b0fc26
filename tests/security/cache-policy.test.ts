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
import { buildWorld, DONOR_EMAILS, type World } from "./support/world";
import { signGiftRef } from "~/domain/donations/gift-result.server";
import { planManageToken } from "~/domain/subscriptions/manage-link.server";
import { signToken } from "~/platform/signed-link.server";
import { db, schema } from "~/platform/db.server";

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

/**
 * Issue 31: a page opened from a link that carries a token (an e-mail's link, the provider's
 * return address, a receipt's code) is one person's: no browser history cache, no shared proxy may
 * keep it, valid token or not, page or its client-side data.
 */
describe("pages opened from a link with a token", () => {
  const tokenedPaths = async (): Promise<Array<{ path: string; what: string }>> => {
    const [{ id: subscriptionId }] = (await db.select({ id: schema.subscriptions.id }).from(schema.subscriptions).limit(1)) as [
      { id: string },
    ];
    const giftRef = encodeURIComponent(signGiftRef(w.pending.id, new Date()));
    const privacy = encodeURIComponent(signToken("privacy-request", { e: DONOR_EMAILS[0] }, 3600));
    const emailChange = encodeURIComponent(signToken("email-change", { u: w.users.user.user.id, from: "a@b.co", to: "c@d.co" }, 3600));
    return [
      { path: `/privacidade/solicitar?token=${privacy}`, what: "the privacy data page" },
      { path: `/privacidade/solicitar.data?token=${privacy}`, what: "its data" },
      { path: `/privacidade/exportar/json?token=${privacy}`, what: "the privacy export" },
      { path: `/assinatura/gerenciar?token=${encodeURIComponent(planManageToken(subscriptionId))}`, what: "plan management" },
      { path: `/assinatura/gerenciar.data?token=${encodeURIComponent(planManageToken(subscriptionId))}`, what: "its data" },
      { path: "/assinatura/gerenciar?token=forjado", what: "plan management, a bad link" },
      { path: "/assinatura/regularizar?token=forjado", what: "a failed month's recovery link (issue 30), a bad link" },
      { path: `/doacao-sucesso?ref=${giftRef}`, what: "the result page" },
      { path: `/doacao-sucesso.data?ref=${giftRef}`, what: "its data" },
      { path: `/doar?festa=${w.party.shareCode}&ref=${giftRef}`, what: "the form after a declined card" },
      { path: `/recibo/${w.paid.receiptCode}`, what: "a receipt's verification page" },
      { path: `/recibo/${w.paid.receiptCode}.data`, what: "its data" },
      { path: `/recibo/${w.paid.receiptCode}/pdf`, what: "the receipt PDF" },
      { path: `/doar/pix/${w.pixRef}`, what: "the Pix page" },
      { path: `/conta/confirmar-email?token=${emailChange}`, what: "the e-mail change confirmation" },
      { path: "/redefinir-senha?token=forjado", what: "the new-password page" },
      { path: `/descadastrar${w.unsubscribeQuery}`, what: "unsubscribing" },
    ];
  };

  it("every one answers private, no-store to an anonymous visitor", async () => {
    const wrong: string[] = [];
    for (const { path, what } of await tokenedPaths()) {
      const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
      await res.arrayBuffer();
      const cacheControl = res.headers.get("Cache-Control") ?? "(none)";
      if (!/\bprivate\b/.test(cacheControl) || !/\bno-store\b/.test(cacheControl))
        wrong.push(`${what} ${path} → ${res.status} ${cacheControl}`);
    }
    expect(wrong).toEqual([]);
  });
});
