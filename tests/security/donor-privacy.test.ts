/**
 * Donor e-mail addresses never leave the server except to admins and to the donor (decisions.md):
 * with the demo data set plus planted gifts (named, anonymous, pending) on every party, no page of
 * the site — HTML and the loader data React Router sends along (`.data`) — shows one, to an
 * anonymous visitor, to the party's creator or to another signed-in user. Admin pages may, and the
 * local mailbox (/dev/emails, absent in production) is the mail itself.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { type AppServer, listRoutes, startAppServer } from "@tests/app-server";
import { insertPendingGift } from "@tests/donations";
import { insertPaidGift } from "@tests/parties";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TAB_IDS } from "~/components/admin/tabs";
import { db, schema } from "~/platform/db.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { loadMonthlyReport } from "~/domain/content/monthly-report.server";
import { parseReportMonth } from "~/domain/content/report-month";
import { seedDemoData } from "~/seed/seed.server";
import { buildWorld, concretePaths, DONOR_EMAILS, type World } from "./support/world";

const ADMIN_OR_MAILBOX = new Set([
  "routes/admin/layout",
  ...ADMIN_TAB_IDS.map((tab) => `routes/admin/${tab}`),
  "routes/admin.doacoes[.]csv",
  "routes/dev.emails",
  "routes/dev.emails.$id",
  "routes/repasses.$id.comprovante",
  "routes/admin.ongs.pedidos.$id.documentos.$tipo",
]);

let w: World;
let app: AppServer;
const planted: string[] = [...DONOR_EMAILS];
const urls: string[] = [];

beforeAll(async () => {
  await seedDemoData();
  w = await buildWorld();
  const parties = await db.select({ id: schema.parties.id, code: schema.parties.shareCode }).from(schema.parties);
  let i = 0;
  for (const party of parties) {
    for (const name of ["Doadora Nomeada", null]) {
      const email = `doador-${++i}@segredo.example`;
      planted.push(email);
      await insertPaidGift(party.id, { email, name, message: "Com carinho" });
    }
    const pendingEmail = `pendente-${++i}@segredo.example`;
    planted.push(pendingEmail);
    await insertPendingGift(party.id, { donorEmail: pendingEmail });
    // An honoree's e-mail (decision 214), on a gift shown "em homenagem a …" (as if its card were still to go) and a pending one.
    const honoreeEmail = `homenageada-${++i}@segredo.example`;
    planted.push(honoreeEmail);
    const honoured = await insertPaidGift(party.id, { email: `doadora-${i}@segredo.example`, name: "Doadora Nomeada" });
    planted.push(`doadora-${i}@segredo.example`);
    await db
      .update(schema.donations)
      .set({ honoreeName: "Vó Homenageada", honoreeEmail, honoreeOnPartyPage: true })
      .where(eq(schema.donations.id, honoured.id));
    await insertPendingGift(party.id, { honoree: { name: "Vó Pendente", email: `pendente-${honoreeEmail}`, onPartyPage: true } });
    planted.push(`pendente-${honoreeEmail}`);
  }
  // A gift to the main cause (no party).
  const mainEmail = "causa-principal@segredo.example";
  planted.push(mainEmail);
  await db.insert(schema.donations).values({
    amountCents: 5000,
    status: "paga",
    donorName: "Sem Festa",
    donorEmail: mainEmail,
    provider: "sandbox",
    providerCheckoutId: "cs_sbx_main",
    paidAt: new Date(),
  });

  const paths = concretePaths(w);
  for (const r of listRoutes()) if (!ADMIN_OR_MAILBOX.has(r.id)) urls.push(paths[r.id]!);
  for (const p of parties) urls.push(`/festa/${p.code}`, `/doar?festa=${p.code}`, `/doacao-sucesso?festa=${p.code}`);
  urls.push("/eventos?pagina=2", "/eventos?nome=a", "/causas?causa=todas", "/painel/eventos");
  app = await startAppServer();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** The page and the loader data the browser would fetch for it. */
function dataUrl(path: string) {
  const u = new URL(path, "http://x");
  u.pathname = u.pathname === "/" ? "/_root.data" : `${u.pathname}.data`;
  return u.pathname + u.search;
}

async function fetchText(path: string, cookie?: string) {
  const controller = new AbortController();
  const res = await fetch(`${app.url}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
    signal: controller.signal,
  });
  if ((res.headers.get("Content-Type") ?? "").includes("text/event-stream")) {
    const reader = res.body!.getReader();
    const first = await reader.read();
    controller.abort();
    return { status: res.status, text: new TextDecoder().decode(first.value) };
  }
  return { status: res.status, text: (await res.text()) + JSON.stringify([...res.headers.entries()]) };
}

describe("donor e-mails never reach a page or a response", () => {
  it.each(["anonymous", "user", "other"] as const)("every page and its loader data, as %s", async (role) => {
    const cookie = role === "anonymous" ? undefined : w.users[role].cookie;
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      const stream = /^\/(painel|festa\/[^/]+|doar\/pix\/[^/]+)\/eventos$/.test(url);
      for (const target of stream || /\.(xml|txt|pdf|png)$|relatorio|\/pdf$/.test(url) ? [url] : [url, dataUrl(url)]) {
        const { status, text } = await fetchText(target, cookie);
        expect(status, target).toBeLessThan(500);
        // The party pages do show the gifts (so this looks at real data); their preview image is a picture, not text.
        if (/^\/festa\/[a-z0-9-]+(\.data)?$/i.test(target) && status === 200) {
          expect(text, target).toContain("Doadora Nomeada");
          expect(text, target).toContain("Vó Homenageada");
        }
        const lower = text.toLowerCase();
        for (const email of planted) expect(lower.includes(email), `${email} on ${target} as ${role}`).toBe(false);
      }
    }
  });

  it("the monthly transparency report's data (the PDF's content)", async () => {
    const report = JSON.stringify(await loadMonthlyReport(parseReportMonth(todayInSaoPaulo().slice(0, 7))!));
    for (const email of planted) expect(report).not.toContain(email);
  });

  it("the admins do see them (so the check above looks at real data)", async () => {
    const { text: csv } = await fetchText("/admin/doacoes.csv", w.users.admin.cookie);
    expect(csv).toContain(DONOR_EMAILS[0]);
  });
});
