/**
 * XSS: script and HTML payloads typed into every free-text field (party name and message, donor
 * name and message, cause, NGO, story and ad texts, contact form) go in through the real actions
 * and come out of the real server-side render as text: escaped in the markup, in attributes (meta
 * tags) and in the hydration data. The browser half (no dialog, no injected element) is
 * tests/e2e/xss.spec.ts.
 */
import { testDeps } from "@tests/context";
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { randomUUID } from "node:crypto";
import { type AppServer, startAppServer } from "@tests/app-server";
import { donationEvent } from "@tests/donations";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { adminTabAction as adminAction } from "@tests/admin";
import { action as contatoAction } from "~/routes/contato";
import { action as criarFestaAction } from "~/routes/criar-festa";
import { action as doarAction } from "~/routes/doar";
import { buildWorld, call, siteRequest, type World } from "./support/world";

/** One payload per field, each tagged so a failure names the field. */
const payload = (tag: string) => `"><script>alert('${tag}')</script><img src=x onerror=alert('${tag}')><svg onload=alert('${tag}')>`;
const FIELDS = [
  "partyName",
  "partyMessage",
  "donorName",
  "donorMessage",
  "causeName",
  "causeText",
  "orgName",
  "orgText",
  "storyTitle",
  "storyText",
  "adTitle",
  "adText",
  "contactName",
  "contactMessage",
] as const;
type Field = (typeof FIELDS)[number];
const P = Object.fromEntries(FIELDS.map((f) => [f, payload(f)])) as Record<Field, string>;
// Short fields have length limits: the same attack, shorter.
const SHORT = (tag: string) => `<img src=x onerror=alert('${tag}')>`;

/** Markup that exists only if a payload escaped the text: a real tag with a handler or script. */
const RAW_MARKERS = [/<script>alert\(/i, /<img src=x onerror=/i, /<svg onload=/i, /"><script/i];

let w: World;
let app: AppServer;
let shareCode = "";

async function fetchHtml(path: string, cookie?: string) {
  const res = await fetch(`${app.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, html: await res.text() };
}

beforeAll(async () => {
  w = await buildWorld();
  const admin = w.users.admin.cookie;
  const post = (path: string, fields: Record<string, string>, cookie?: string) => siteRequest(path, { method: "POST", fields, cookie });

  const cause = await call(
    adminAction as never,
    post("/admin", { intent: "createCause", name: SHORT("causeName"), description: P.causeText, icon: "🧬" }, admin),
  );
  expect(cause.status).toBe(200);
  const [causeRow] = await db
    .select()
    .from(schema.causes)
    .where(eq(schema.causes.name, SHORT("causeName")));
  const org = await call(
    adminAction as never,
    post(
      "/admin",
      {
        intent: "createOrganization",
        name: SHORT("orgName"),
        slug: "org-xss",
        causeId: causeRow!.id,
        city: "Contagem",
        state: "MG",
        description: P.orgText,
        email: "ong@exemplo.com.br",
        cnpj: "11.222.333/0001-81",
        legalName: "Instituto XSS de Teste",
      },
      admin,
    ),
  );
  expect(org.status).toBe(200);
  // Parties are created only for verified institutions (issue 14): the admin verifies it.
  const [orgRow] = await db.select().from(schema.organizations).where(eq(schema.organizations.slug, "org-xss"));
  const verified = await call(
    adminAction as never,
    post("/admin", { intent: "verifyOrganization", id: orgRow!.id, decision: "verificar", note: P.orgText.slice(0, 200) }, admin),
  );
  expect(verified.status).toBe(200);
  const story = await call(
    adminAction as never,
    post(
      "/admin",
      { intent: "createStory", title: SHORT("storyTitle"), description: P.storyText, imageUrl: "https://example.com/foto.jpg" },
      admin,
    ),
  );
  expect(story.status).toBe(200);
  const ad = await call(
    adminAction as never,
    post(
      "/admin",
      {
        intent: "createAd",
        title: SHORT("adTitle"),
        description: P.adText,
        ctaText: "Ver",
        ctaUrl: "https://example.com/x",
        sponsor: "Patrocinador",
        placements: "festa",
        sortOrder: "0",
      },
      admin,
    ),
  );
  expect(ad.status).toBe(200);

  const created = await call(
    criarFestaAction as never,
    post(
      "/criar-festa",
      {
        name: P.partyName,
        eventType: "Aniversário",
        eventDate: addCalendarDays(todayInSaoPaulo(), 20),
        organizationId: orgRow!.id,
        goal: "500,00",
        message: P.partyMessage,
      },
      w.users.user.cookie,
    ),
  );
  expect(created.status).toBe(302);
  const [party] = await db.select().from(schema.parties).where(eq(schema.parties.name, P.partyName));
  shareCode = party!.shareCode;

  const gift = await call(
    doarAction as never,
    post(`/doar`, {
      preset: "50",
      nome: SHORT("donorName"),
      email: "xss@exemplo.com.br",
      mensagem: P.donorMessage,
      festa: shareCode,
      chave: randomUUID(),
    }),
  );
  expect(gift.status).toBe(302);
  const [donation] = await db.select().from(schema.donations).where(eq(schema.donations.partyId, party!.id));
  await processPaymentEvent(donationEvent({ id: donation!.id, checkoutId: donation!.providerCheckoutId! }, "paid"), testDeps());

  const contact = await call(
    contatoAction as never,
    post("/contato", { nome: SHORT("contactName"), email: "c@exemplo.com.br", telefone: "(31) 98888-7777", mensagem: P.contactMessage }),
  );
  expect(contact.status).toBe(200);

  app = await startAppServer();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** Every page that shows one of the fields, who looks at it, and which fields it must show (escaped). */
const PAGES: Array<{ path: () => string; as?: "user" | "admin"; shows: string[] }> = [
  { path: () => `/festa/${shareCode}`, shows: ["partyName", "partyMessage", "donorName", "donorMessage"] },
  { path: () => `/doar?festa=${shareCode}`, shows: ["partyName"] },
  { path: () => `/eventos`, shows: ["partyName"] },
  { path: () => `/eventos?nome=${encodeURIComponent("<script>")}`, shows: ["partyName"] },
  { path: () => `/painel`, as: "user", shows: ["partyName"] },
  { path: () => `/causas`, shows: ["causeName", "orgName", "orgText"] },
  { path: () => `/historias`, shows: ["storyTitle", "storyText"] },
  { path: () => `/criar-festa`, as: "user", shows: ["causeName"] },
  { path: () => `/admin/mensagens`, as: "admin", shows: ["contactName", "contactMessage"] },
  { path: () => `/admin/doacoes`, as: "admin", shows: ["donorName"] },
  { path: () => `/admin/festas`, as: "admin", shows: ["partyName"] },
  { path: () => `/admin/causas`, as: "admin", shows: ["causeName", "causeText"] },
  { path: () => `/admin/historias`, as: "admin", shows: ["storyTitle"] },
  { path: () => `/admin/anuncios`, as: "admin", shows: ["adTitle"] },
  { path: () => `/dev/emails`, shows: [] },
];

describe("XSS: free text renders as text in the server-side HTML", () => {
  it.each(PAGES.map((p) => ({ ...p, name: `${p.path.toString().replace(/^\(\) => `?|`$/g, "")}${p.as ? ` (as ${p.as})` : ""}` })))(
    "$name",
    async (page) => {
      const { status, html } = await fetchHtml(page.path(), page.as ? w.users[page.as].cookie : undefined);
      expect(status).toBe(200);
      for (const marker of RAW_MARKERS) expect(html, `raw markup ${marker} on ${page.path()}`).not.toMatch(marker);
      // Shown, escaped: the text is there as text.
      for (const tag of page.shows) expect(html, `${tag} on ${page.path()}`).toContain(`onerror=alert(&#x27;${tag}&#x27;)`);
      // Every script the page carries is ours: it has the request's nonce (CSP blocks the rest).
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      for (const tag of scripts) expect(tag, page.path()).toMatch(/ nonce="[^"]+"/);
    },
  );

  it("meta tags (title, og:title, description) of the party page carry the name as attribute text", async () => {
    const { html } = await fetchHtml(`/festa/${shareCode}`);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("&quot;&gt;&lt;script&gt;");
    expect(head).not.toMatch(/content="[^"]*"><script/);
  });

  it("each e-mail in the outbox escapes the donor's and the party's text", async () => {
    const emails = await db.select().from(schema.emailOutbox);
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) {
      for (const marker of RAW_MARKERS) expect(email.html, email.subject).not.toMatch(marker);
      const res = await fetch(`${app.url}/dev/emails/${email.id}`);
      const html = await res.text();
      for (const marker of RAW_MARKERS) expect(html).not.toMatch(marker);
    }
  });
});
