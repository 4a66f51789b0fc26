/**
 * The authorization matrix: every route listed in app/routes.ts (walked at run time, plus the
 * root), its loader and its action, for an anonymous visitor, a signed-in party creator ("user"),
 * another signed-in account ("other") and an admin. The table below must name every route: a new
 * route without a row fails the first test, so it cannot be forgotten. A refused call must leave
 * the database exactly as it was.
 *
 * The admin panel's own, finer matrix (every tab and every intent of its dispatch table) lives in
 * app/routes/admin.authz.test.ts; here each tab is covered with its loader and one intent.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { randomUUID } from "node:crypto";
import { snapshotDatabase } from "@tests/admin";
import { ADMIN_TAB_IDS } from "~/components/admin/tabs";
import { importRouteModule, listRoutes, type RouteModule } from "@tests/app-server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import * as rootModule from "~/root";
import { signGiftRef } from "~/domain/donations/gift-result.server";
import { pixPageRef } from "~/domain/donations/pix-checkout.server";
import { getConfig } from "~/platform/config.server";
import { isUnsubscribed } from "~/platform/mail/mailing-lists.server";
import { buildWorld, type Call, call, DONOR_EMAILS, ROLES, type Role, siteRequest, type World } from "./support/world";

type Cell = {
  status: number;
  location?: string | RegExp;
  /** A refusal: nothing may change in the database. */
  refused?: boolean;
  check?: (result: Call, w: World, role: Role, fields?: Record<string, string>) => void | Promise<void>;
};
type Cells = Record<Role, Cell>;
type Handler = { cells: Cells; fields?: (w: World, role: Role) => Record<string, string>; path?: (w: World) => string };
type RouteSpec = { path: (w: World) => string; loader?: Handler; action?: Handler };

const same = (cell: Cell): Cells => ({ anonymous: cell, user: cell, other: cell, admin: cell });
const ok = (check?: Cell["check"]): Cell => ({ status: 200, check });
const toLogin = (back?: string): Cell => ({
  status: 302,
  location: back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth",
  refused: true,
});
const deniedHome: Cell = { status: 302, location: "/", refused: true };
const forbidden: Cell = { status: 403, refused: true };
const notFound: Cell = { status: 404, refused: true };
const signedIn = (anonymous: Cell, rest: Cell): Cells => ({ anonymous, user: rest, other: rest, admin: rest });

const noDonorEmail: Cell["check"] = (r) => {
  const text = JSON.stringify(r.body) + (r.text ?? "");
  for (const email of DONOR_EMAILS) expect(text).not.toContain(email);
};
const ownParties =
  (expected: "mine" | "none"): Cell["check"] =>
  (r, w) => {
    const names = JSON.stringify((r.body as { live: unknown[]; ended: unknown[] }) ?? {});
    if (expected === "mine") expect(names).toContain(w.party.name);
    else expect(names).not.toContain(w.party.name);
  };

const partyFields = (w: World) => ({
  name: `Festa ${randomUUID().slice(0, 8)}`,
  eventType: "Aniversário",
  eventDate: addCalendarDays(todayInSaoPaulo(), 15),
  organizationId: w.org.id,
  goal: "1.000,00",
  message: "Venham!",
  // A forged owner: must be ignored, the session decides.
  userId: w.users.user.user.id,
});

/**
 * The admin tabs past the dashboard: admins only; here an intent none of them takes is refused
 * (each tab's own intents are walked in app/routes/admin.authz.test.ts).
 */
function adminTabRows(): Record<string, RouteSpec> {
  const tabs = ADMIN_TAB_IDS.filter((tab) => tab !== "dashboard");
  return Object.fromEntries(
    tabs.map((tab) => [
      `routes/admin/${tab}`,
      {
        path: () => `/admin/${tab}`,
        loader: { cells: { anonymous: toLogin(`/admin/${tab}`), user: deniedHome, other: deniedHome, admin: ok() } },
        action: {
          fields: () => ({ intent: "dropEverything" }),
          cells: {
            anonymous: { ...toLogin(), location: "/auth" },
            user: forbidden,
            other: forbidden,
            admin: { status: 400, refused: true },
          },
        },
      },
    ]),
  );
}

/** One row per route id of app/routes.ts (and "root"). */
const EXPECTATIONS: Record<string, RouteSpec | "no loader or action"> = {
  root: {
    path: () => "/",
    loader: {
      cells: same(
        ok((r, w, role) => {
          const user = (r.body as { user: { id: string } | null }).user;
          expect(user?.id ?? null).toBe(role === "anonymous" ? null : w.users[role].user.id);
        }),
      ),
    },
  },
  "routes/home": { path: () => "/", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/como-funciona": "no loader or action",
  "routes/criar-festa": {
    path: () => "/criar-festa",
    loader: { cells: signedIn(toLogin("/criar-festa"), ok()) },
    action: {
      fields: partyFields,
      cells: signedIn(toLogin("/criar-festa"), {
        status: 302,
        location: /^\/painel\/festa\/[a-z0-9]{5}\?nova=1$/,
        check: async (_r, w, role, fields) => {
          const [created] = await db.select().from(schema.parties).where(eq(schema.parties.name, fields!.name!));
          expect(created!.userId).toBe(w.users[role as Exclude<Role, "anonymous">].user.id);
        },
      }),
    },
  },
  // An institution's public page and its books (decision 190): anyone; never a donor's e-mail.
  "routes/causas.$slug": { path: (w) => `/causas/${w.org.slug}`, loader: { cells: same(ok(noDonorEmail)) } },
  "routes/ongs.cadastrar": {
    path: () => "/ongs/cadastrar",
    loader: {
      cells: signedIn(
        toLogin("/ongs/cadastrar"),
        ok((r) => expect((r.body as { applications: unknown[] }).applications).toEqual([])),
      ),
    },
    // Without its documents an application is refused with messages on the fields; nothing is kept.
    action: {
      fields: (w) => ({
        cnpj: "24.581.367/0001-04",
        legalName: "Associação Teste",
        causeId: w.org.causeId ?? "",
        userId: w.users.user.user.id,
      }),
      cells: signedIn(toLogin("/ongs/cadastrar"), { status: 400, refused: true }),
    },
  },
  // An institution's team page: its members only ("user" owns the world's institution). Anyone else
  // gets 404, as for an institution that does not exist; the team is changed by its owner only.
  "routes/ong.$slug.equipe": {
    path: (w) => `/ong/${w.org.slug}/equipe`,
    loader: {
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fequipe$/, refused: true },
        user: ok((r) => expect(r.body).toMatchObject({ role: "owner" })),
        other: notFound,
        admin: notFound,
      },
    },
    action: {
      fields: (w) => ({ intent: "remover", userId: w.users.user.user.id }),
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fequipe$/, refused: true },
        // The owner cannot remove themself: answered with a toast, nothing changes.
        user: { status: 302, location: /^\/ong\/.+\/equipe$/, refused: true },
        other: notFound,
        admin: notFound,
      },
    },
  },
  // The institution's dashboard and its downloads (decision 190): its team and admins; anyone else
  // the same 404 as for an institution that does not exist. Only the team writes an impact update.
  "routes/ong.$slug.painel": {
    path: (w) => `/ong/${w.org.slug}/painel`,
    loader: {
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fpainel$/, refused: true },
        user: ok((r) => expect(r.body).toMatchObject({ role: "owner" })),
        other: notFound,
        admin: ok((r) => expect(r.body).toMatchObject({ role: "admin" })),
      },
    },
    action: {
      fields: () => ({ month: "2026-03", title: "Mutirão de consultas", body: "Atendemos quarenta famílias no mutirão de março." }),
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fpainel$/, refused: true },
        user: {
          status: 302,
          location: /^\/ong\/.+\/painel#atualizacoes$/,
          check: async (_r, w) => {
            const rows = await db.select().from(schema.impactUpdates).where(eq(schema.impactUpdates.organizationId, w.org.id));
            expect(rows.at(-1)).toMatchObject({ status: "pendente", submittedBy: w.users.user.user.id });
          },
        },
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/ong.$slug.painel.doacoes[.]csv": {
    path: (w) => `/ong/${w.org.slug}/painel/doacoes.csv`,
    loader: {
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fpainel%2Fdoacoes\.csv$/, refused: true },
        user: ok((r, w, role, f) => (expect(r.contentType).toContain("text/csv"), noDonorEmail!(r, w, role, f))),
        other: notFound,
        admin: ok((r) => expect(r.contentType).toContain("text/csv")),
      },
    },
  },
  "routes/ong.$slug.painel.extrato": {
    path: (w) => `/ong/${w.org.slug}/painel/extrato?mes=${todayInSaoPaulo().slice(0, 7)}&formato=pdf`,
    loader: {
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fpainel%2Fextrato/, refused: true },
        user: ok((r) => expect(r.contentType).toBe("application/pdf")),
        other: notFound,
        admin: ok((r) => expect(r.contentType).toBe("application/pdf")),
      },
    },
  },
  // The world's party payout has no ledger row naming the institution: even its team gets the 404
  // (app/routes/ong.dashboard.test.ts downloads a proof that does).
  "routes/ong.$slug.painel.repasses.$id.comprovante": {
    path: (w) => `/ong/${w.org.slug}/painel/repasses/${w.payout.id}/comprovante`,
    loader: {
      cells: {
        anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fcomprovante$/, refused: true },
        user: notFound,
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/ong.convite": {
    path: () => "/ong/convite?t=forjado.token",
    loader: {
      cells: signedIn(
        toLogin("/ong/convite?t=forjado.token"),
        ok((r) => expect(r.body).toMatchObject({ ok: false })),
      ),
    },
    action: {
      fields: () => ({ t: "forjado.token" }),
      cells: signedIn(toLogin("/ong/convite?t=forjado.token"), { status: 400, refused: true }),
    },
  },
  // A co-host invitation's signed link (decision 217): signed in; a forged token is refused, nothing changes.
  "routes/painel.coanfitriao": {
    path: () => "/painel/coanfitriao?t=forjado.token",
    loader: {
      cells: signedIn(
        toLogin("/painel/coanfitriao?t=forjado.token"),
        ok((r) => expect(r.body).toMatchObject({ ok: false })),
      ),
    },
    action: {
      fields: () => ({ t: "forjado.token" }),
      cells: signedIn(toLogin("/painel/coanfitriao?t=forjado.token"), { status: 400, refused: true }),
    },
  },
  // A sponsor's signed link (decision 219): no account needed, the sealed token is the key; a forged
  // one is refused and nothing changes.
  "routes/patrocinio.confirmar": {
    path: () => "/patrocinio/confirmar?t=forjado.token",
    loader: { cells: same({ status: 400, refused: true, check: (r) => expect(r.body).toMatchObject({ view: "bad-link" }) }) },
    action: {
      fields: () => ({ t: "forjado.token", resposta: "confirmar" }),
      cells: same({ status: 409, refused: true }),
    },
  },
  // A matching sponsor's bill (decision 220): the signed link is the key, for anyone; a forged one shows nothing.
  "routes/patrocinio.pagar": {
    path: () => "/patrocinio/pagar?t=forjado.token",
    loader: { cells: same({ status: 400, refused: true }) },
    action: { fields: () => ({ t: "forjado.token", metodo: "card" }), cells: same({ status: 400, refused: true }) },
  },
  // Team campaigns (decision 217): any signed-in account creates one; the page is public, names and totals only.
  "routes/campanhas.nova": {
    path: () => "/campanhas/nova",
    loader: { cells: signedIn(toLogin("/campanhas/nova"), ok()) },
    action: {
      fields: (w) => ({ name: `Time ${randomUUID().slice(0, 6)}`, organizationId: w.org.id, createdBy: w.users.user.user.id }),
      cells: signedIn(toLogin("/campanhas/nova"), {
        status: 302,
        location: /^\/campanha\/time-[a-z0-9]+-[a-z0-9]{4}$/,
        check: async (_r, w, role, fields) => {
          const [created] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.name, fields!.name!));
          expect(created!.createdBy).toBe(w.users[role as Exclude<Role, "anonymous">].user.id);
        },
      }),
    },
  },
  "routes/campanha.$slug": {
    path: (w) => `/campanha/${w.campaign.slug}`,
    loader: {
      cells: same(
        ok((r, w) => {
          noDonorEmail(r, w, "anonymous");
          // The world's live party and its one paid gift (R$ 123,45), as the party page shows it.
          expect(r.body).toMatchObject({
            totalCents: 12_345,
            parties: [{ position: 1, shareCode: w.party.shareCode, raisedCents: 12_345 }],
          });
        }),
      ),
    },
  },
  // Only the campaign's creator edits, closes or reopens it (decision 222); an admin moderates in Festas.
  "routes/campanha.$slug.editar": {
    path: (w) => `/campanha/${w.campaign.slug}/editar`,
    loader: {
      cells: {
        anonymous: toLogin("/campanha/time-da-mariana-ab12/editar"),
        user: ok((r) => expect(r.body).toMatchObject({ campaign: { slug: "time-da-mariana-ab12" } })),
        other: notFound,
        admin: notFound,
      },
    },
    action: {
      fields: () => ({ intent: "salvar", name: "Time da Mariana e amigos", description: "Editada pela criadora" }),
      cells: {
        anonymous: toLogin("/campanha/time-da-mariana-ab12/editar"),
        user: {
          status: 302,
          location: "/campanha/time-da-mariana-ab12",
          check: async (_r, w) => {
            const [campaign] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, w.campaign.id));
            expect(campaign).toMatchObject({ name: "Time da Mariana e amigos", description: "Editada pela criadora" });
          },
        },
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/assine-o-bem": {
    path: () => "/assine-o-bem",
    loader: {
      cells: same(
        ok((r, _w, role) => {
          expect(Boolean((r.body as { subscription: unknown }).subscription)).toBe(role === "user");
        }),
      ),
    },
    action: {
      fields: () => ({ plano: "ouro" }),
      cells: {
        anonymous: { status: 302, location: "/auth?redirectTo=%2Fassine-o-bem%3Fplano%3Douro", refused: true },
        // Already subscribed: a second checkout is refused.
        user: { status: 409, refused: true },
        other: { status: 302, location: /^http:\/\/localhost:3000\/sandbox\/assinatura\// },
        admin: { status: 302, location: /^http:\/\/localhost:3000\/sandbox\/assinatura\// },
      },
    },
  },
  // Public: counts per band and the names subscribers chose (never an e-mail).
  "routes/assine-o-bem.mural": {
    path: () => "/assine-o-bem/mural",
    loader: {
      cells: same(
        ok((r, w, role) => {
          noDonorEmail(r, w, role);
          const text = JSON.stringify(r.body);
          for (const u of Object.values(w.users)) expect(text).not.toContain(u.user.email);
          expect(
            (r.body as { bands: Array<{ plan: string; subscribers: number }> }).bands.find((b) => b.plan === "prata")?.subscribers,
          ).toBe(1);
        }),
      ),
    },
  },
  "routes/doar": {
    path: () => "/doar?festa=mari1",
    loader: { cells: same(ok(noDonorEmail)) },
    action: {
      fields: () => ({ preset: "50", nome: "Convidada", email: "convidada@exemplo.com.br", festa: "mari1", chave: randomUUID() }),
      cells: same({ status: 302, location: /^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sbx_/ }),
    },
  },
  "routes/causas": { path: () => "/causas", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/eventos": { path: () => "/eventos", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/historias": { path: () => "/historias", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/transparencia": { path: () => "/transparencia", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/contato": {
    path: () => "/contato",
    action: {
      fields: () => ({ nome: "Joana", email: "joana@exemplo.com.br", telefone: "(31) 98888-7777", mensagem: "Olá" }),
      cells: same(ok()),
    },
  },
  "routes/faq": "no loader or action",
  "routes/auth": {
    path: () => "/auth",
    loader: { cells: signedIn(ok(), { status: 302, location: "/painel" }) },
    action: {
      fields: () => ({ intent: "recover", email: `alguem-${randomUUID().slice(0, 6)}@exemplo.com.br` }),
      cells: same(ok()),
    },
  },
  "routes/redefinir-senha": {
    path: () => "/redefinir-senha?token=forjado",
    loader: { cells: same(ok((r) => expect((r.body as { state: string }).state).toBe("invalid"))) },
    action: {
      fields: () => ({ token: "forjado", password: "nova-senha-123", confirm: "nova-senha-123" }),
      cells: same({ status: 302, location: "/redefinir-senha", refused: true }),
    },
  },
  "routes/painel": {
    path: () => "/painel",
    loader: {
      cells: { anonymous: toLogin("/painel"), user: ok(ownParties("mine")), other: ok(ownParties("none")), admin: ok(ownParties("none")) },
    },
  },
  "routes/admin/layout": {
    path: () => "/admin",
    loader: { cells: { anonymous: toLogin("/admin"), user: deniedHome, other: deniedHome, admin: ok() } },
  },
  "routes/admin/dashboard": {
    path: () => "/admin",
    loader: { cells: { anonymous: toLogin("/admin"), user: deniedHome, other: deniedHome, admin: ok() } },
    action: {
      fields: () => ({
        intent: "setFamiliesHelped",
        familiesHelped: "3.100",
        familiesSource: "o relatório da AADORA",
        familiesReportedOn: "2026-10-31",
      }),
      cells: { anonymous: { ...toLogin(), location: "/auth" }, user: forbidden, other: forbidden, admin: ok() },
    },
  },
  ...adminTabRows(),
  "routes/festa.$id": { path: (w) => `/festa/${w.party.shareCode}`, loader: { cells: same(ok(noDonorEmail)) } },
  "routes/subscription-success": {
    path: () => "/subscription-success",
    loader: {
      cells: {
        anonymous: toLogin("/subscription-success"),
        user: ok((r) => expect((r.body as { state: string }).state).toBe("confirmed")),
        other: ok((r) => expect((r.body as { state: string }).state).toBe("waiting")),
        admin: ok((r) => expect((r.body as { state: string }).state).toBe("waiting")),
      },
    },
  },
  "routes/subscription-canceled": "no loader or action",
  // The gift named by the signed reference the checkout gave the provider (here a pending one): anyone holding it sees its status.
  "routes/doacao-sucesso": {
    path: (w) => `/doacao-sucesso?ref=${encodeURIComponent(signGiftRef(w.pending.id, new Date()))}`,
    loader: {
      cells: same(ok((r, w, role, f) => (expect((r.body as { state: string }).state).toBe("waiting"), noDonorEmail!(r, w, role, f)))),
    },
  },
  "routes/doacao-cancelada": "no loader or action",
  "routes/termos-de-uso": "no loader or action",
  "routes/politica-privacidade": "no loader or action",
  // Issue 16: each person's own account page; the links sent by e-mail are signed (a forged one shows a page, changes nothing).
  "routes/conta": {
    path: () => "/conta",
    loader: { cells: signedIn(toLogin("/conta"), ok(noDonorEmail)) },
    action: { fields: () => ({ intent: "nome", name: "" }), cells: signedIn(toLogin("/conta"), { status: 400, refused: true }) },
  },
  "routes/conta.confirmar-email": {
    path: () => "/conta/confirmar-email?token=forjado",
    loader: { cells: same({ status: 200, refused: true, check: (r) => expect((r.body as { ok: boolean }).ok).toBe(false) }) },
  },
  // Issue 30: the welcome e-mail's link acts only for its own account, signed in; a forged one changes nothing.
  "routes/conta.confirmar-endereco": {
    path: () => "/conta/confirmar-endereco?token=forjado",
    loader: { cells: signedIn(toLogin("/conta/confirmar-endereco?token=forjado"), { status: 400, refused: true }) },
    action: { fields: () => ({ intent: "reenviar" }), cells: signedIn(toLogin("/conta/confirmar-endereco?token=forjado"), ok()) },
  },
  "routes/privacidade.solicitar": {
    path: () => "/privacidade/solicitar?token=forjado",
    loader: { cells: same({ status: 400, refused: true, check: noDonorEmail }) },
    action: { fields: () => ({ intent: "apagar", token: "forjado", confirm: "sim" }), cells: same({ status: 400, refused: true }) },
  },
  "routes/assinatura.gerenciar": {
    path: () => "/assinatura/gerenciar?token=forjado",
    loader: { cells: same({ status: 400, refused: true }) },
    action: { fields: () => ({ token: "forjado", intent: "cancelar" }), cells: same({ status: 400, refused: true }) },
  },
  // The single-use link of a costly plan change (issue 31): the token is the key, for anyone.
  "routes/assinatura.confirmar": {
    path: () => "/assinatura/confirmar?token=forjado",
    loader: { cells: same({ status: 400, refused: true }) },
    action: { fields: () => ({ token: "forjado" }), cells: same({ status: 400, refused: true }) },
  },
  // A failed month's recovery link (issue 30): the token is the key, for anyone.
  "routes/assinatura.regularizar": {
    path: () => "/assinatura/regularizar?token=forjado",
    loader: { cells: same({ status: 400, refused: true }) },
    action: { fields: () => ({ token: "forjado", intent: "pix" }), cells: same({ status: 400, refused: true }) },
  },
  // The hosted checkout pages are capability URLs (unguessable ids), like a provider's checkout:
  // whoever holds the link may pay; an unknown id is a 404 (see the extra cases below).
  "routes/sandbox.checkout.$id": {
    path: (w) => `/sandbox/checkout/${w.pending.checkoutId}`,
    loader: { cells: same(ok(noDonorEmail)) },
    action: { fields: () => ({ intent: "cancelar" }), cells: same({ status: 302, location: /^\/doar\?festa=mari1&ref=[\w.%-]+$/ }) },
  },
  "routes/sandbox.assinatura.$id": {
    path: (w) => `/sandbox/assinatura/${w.subscriptionCheckoutId}`,
    loader: { cells: same(ok()) },
    action: { fields: () => ({ intent: "cancelar" }), cells: same({ status: 302, location: "/subscription-canceled" }) },
  },
  // A PSP's Pix Automático page: not mounted without a PSP with PIX_AUTOMATICO=on (the owner check is
  // tested against the fake PSP in app/routes/assine-o-bem.pix-automatico.test.ts).
  "routes/assine-o-bem.pix-automatico": {
    path: () => "/assine-o-bem/pix-automatico/RR1234567820261125abcdefghijk",
    loader: { cells: same(notFound) },
    action: { fields: () => ({ intent: "ja-autorizei" }), cells: same(notFound) },
  },
  // The sandbox's Pix Automático "bank app": a capability URL like the subscription checkout it comes from.
  "routes/sandbox.pix-automatico.$id": {
    path: (w) => `/sandbox/pix-automatico/${w.subscriptionCheckoutId}`,
    loader: { cells: same(ok((r) => expect(r.body).toMatchObject({ state: "nova" }))) },
    action: { fields: () => ({ intent: "recusar" }), cells: same({ status: 302, location: "/subscription-canceled" }) },
  },
  "routes/sandbox.portal.$customer": {
    path: (w) => `/sandbox/portal/${w.customerId}`,
    loader: {
      cells: {
        anonymous: { ...toLogin(), location: /^\/auth\?redirectTo=%2Fsandbox%2Fportal%2F/ },
        user: ok(),
        other: notFound,
        admin: notFound,
      },
    },
    action: {
      fields: () => ({ intent: "falhar" }),
      cells: {
        anonymous: { ...toLogin(), location: /^\/auth\?redirectTo=%2Fsandbox%2Fportal%2F/ },
        user: { status: 302, location: /\?feito=falhar$/ },
        other: notFound,
        admin: notFound,
      },
    },
  },
  // The local mailbox exists only outside production (404 there: tests/security/production.test.ts),
  // and only for loopback clients or admins (finding 7): the matrix's visitors come from 198.51.x.x.
  // The local mailbox exists only outside production (404 there: tests/security/production.test.ts).
  // The local mailbox: from a non-loopback address only an admin reads it (security review finding 7).
  "routes/dev.emails": {
    path: () => "/dev/emails",
    loader: { cells: { anonymous: notFound, user: notFound, other: notFound, admin: ok() } },
  },
  "routes/painel.eventos": {
    path: () => "/painel/eventos",
    loader: {
      cells: signedIn(
        { status: 401, refused: true },
        ok((r) => expect(r.contentType).toContain("text/event-stream")),
      ),
    },
  },
  // Issue 17: a party's public live stream carries only what its page shows (no e-mail).
  "routes/festa.$id.eventos": {
    path: (w) => `/festa/${w.party.shareCode}/eventos`,
    loader: { cells: same(ok((r) => expect(r.contentType).toContain("text/event-stream"))) },
  },
  "routes/fotos.$arquivo": { path: () => `/fotos/capa-${"0".repeat(24)}-640.webp`, loader: { cells: same(notFound) } },
  // A creator's own party: share moment, files and edit. Another account (an admin too) gets the 404
  // of a party that does not exist, and its edit changes nothing.
  "routes/painel.festa.$id": {
    path: (w) => `/painel/festa/${w.party.shareCode}`,
    loader: { cells: { anonymous: toLogin("/painel/festa/mari1"), user: ok(noDonorEmail), other: notFound, admin: notFound } },
    // The creator's choice of gift e-mails (issue 31): theirs only.
    action: {
      fields: () => ({ intent: "emails", emails: "nenhum" }),
      cells: {
        anonymous: toLogin("/painel/festa/mari1"),
        user: {
          status: 200,
          check: async (_r, w) => {
            const [party] = await db.select().from(schema.parties).where(eq(schema.parties.id, w.party.id));
            expect(party?.creatorEmails).toBe("nenhum");
          },
        },
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/painel.festa.$id.qr[.]png": {
    path: (w) => `/painel/festa/${w.party.shareCode}/qr.png`,
    loader: {
      cells: {
        anonymous: toLogin("/painel/festa/mari1/qr.png"),
        user: ok((r) => expect(r.contentType).toBe("image/png")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/painel.festa.$id.convite[.]pdf": {
    path: (w) => `/painel/festa/${w.party.shareCode}/convite.pdf`,
    loader: {
      cells: {
        anonymous: toLogin("/painel/festa/mari1/convite.pdf"),
        user: ok((r) => expect(r.contentType).toBe("application/pdf")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/painel.festa.$id.stories[.]png": {
    path: (w) => `/painel/festa/${w.party.shareCode}/stories.png`,
    loader: {
      cells: {
        anonymous: toLogin("/painel/festa/mari1/stories.png"),
        user: ok((r) => expect(r.contentType).toBe("image/png")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  // The guests who agreed to be contacted (decision 212): the creator only.
  "routes/painel.festa.$id.convidados[.]csv": {
    path: (w) => `/painel/festa/${w.party.shareCode}/convidados.csv`,
    loader: {
      cells: {
        anonymous: toLogin("/painel/festa/mari1/convidados.csv"),
        user: ok((r) => expect(r.contentType).toBe("text/csv; charset=utf-8")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/festa.$id.previa[.]png": {
    path: (w) => `/festa/${w.party.shareCode}/previa.png`,
    loader: { cells: same(ok((r) => expect(r.contentType).toBe("image/png"))) },
  },
  "routes/painel.festa.$id.editar": {
    path: (w) => `/painel/festa/${w.party.shareCode}/editar`,
    loader: { cells: { anonymous: toLogin("/painel/festa/mari1/editar"), user: ok(), other: notFound, admin: notFound } },
    action: {
      fields: () => ({ goal: "4.321,00", message: "Motivo editado pela anfitriã" }),
      cells: {
        anonymous: toLogin("/painel/festa/mari1/editar"),
        user: {
          status: 302,
          location: "/painel/festa/mari1",
          check: async (_r, w) => {
            const [party] = await db.select().from(schema.parties).where(eq(schema.parties.id, w.party.id));
            expect(party).toMatchObject({ goalCents: 432_100, message: "Motivo editado pela anfitriã" });
          },
        },
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/api.webhooks.stripe": {
    path: () => "/api/webhooks/stripe",
    loader: { cells: same({ status: 405, refused: true }) },
    // Stripe is not configured in tests: the endpoint does not exist (and never acts unsigned).
    action: { fields: () => ({ id: "evt_forjado" }), cells: same({ status: 404, refused: true }) },
  },
  "routes/api.webhooks.sandbox": {
    path: () => "/api/webhooks/sandbox",
    loader: { cells: same({ status: 405, refused: true }) },
    action: { fields: () => ({ id: "evt_forjado" }), cells: same({ status: 400, refused: true }) },
  },
  "routes/robots[.]txt": { path: () => "/robots.txt", loader: { cells: same(ok()) } },
  "routes/sitemap[.]xml": { path: () => "/sitemap.xml", loader: { cells: same(ok(noDonorEmail)) } },
  "routes/transparencia.relatorio.$mes": {
    path: () => `/transparencia/relatorio/${todayInSaoPaulo().slice(0, 7)}`,
    loader: { cells: same(ok((r) => expect(r.contentType).toBe("application/pdf"))) },
  },
  "routes/dev.emails.$id": {
    path: (w) => `/dev/emails/${w.emailId}`,
    loader: { cells: { anonymous: notFound, user: notFound, other: notFound, admin: ok() } },
  },
  "routes/admin.doacoes[.]csv": {
    path: () => "/admin/doacoes.csv",
    loader: { cells: { anonymous: toLogin("/admin/doacoes.csv"), user: deniedHome, other: deniedHome, admin: ok() } },
  },
  // An application's documents: admins only (the admin's download is tested in admin.institution-applications.test.ts).
  "routes/admin.ongs.pedidos.$id.documentos.$tipo": {
    path: () => "/admin/ongs/pedidos/00000000-0000-4000-8000-000000000000/documentos/bylaws",
    loader: {
      cells: {
        anonymous: toLogin("/admin/ongs/pedidos/00000000-0000-4000-8000-000000000000/documentos/bylaws"),
        user: deniedHome,
        other: deniedHome,
        admin: notFound,
      },
    },
  },
  // The proof reaches the creator by a signed link in an e-mail; without it, even the creator gets 404.
  "routes/repasses.$id.comprovante": {
    path: (w) => `/repasses/${w.payout.id}/comprovante`,
    loader: { cells: { anonymous: notFound, user: notFound, other: notFound, admin: ok() } },
  },
  "routes/conta.exportar.$formato": {
    path: () => "/conta/exportar/json",
    // Only the person's own data: never a guest's address, even on the creator's own export.
    loader: { cells: signedIn(toLogin("/conta#meus-dados"), ok(noDonorEmail)) },
  },
  // Issue 16: a receipt's code is its capability (unguessable, stored); its page names the donor's first name only.
  "routes/recibo.$codigo": {
    path: (w) => `/recibo/${w.paid.receiptCode}`,
    loader: { cells: same(ok((r, w, role, f) => (expect(JSON.stringify(r.body)).not.toContain("Doadora"), noDonorEmail!(r, w, role, f)))) },
  },
  "routes/recibo.$codigo.pdf": {
    path: (w) => `/recibo/${w.paid.receiptCode}/pdf`,
    loader: { cells: same(ok((r) => expect(r.contentType).toBe("application/pdf"))) },
  },
  "routes/conta.recibos.$arquivo": {
    path: () => `/conta/recibos/${todayInSaoPaulo().slice(0, 4)}.pdf`,
    loader: {
      cells: signedIn(
        toLogin(`/conta/recibos/${todayInSaoPaulo().slice(0, 4)}.pdf`),
        ok((r) => expect(r.contentType).toBe("application/pdf")),
      ),
    },
  },
  "routes/privacidade.exportar.$formato": {
    path: () => "/privacidade/exportar/json?token=forjado",
    loader: { cells: same({ status: 400, refused: true, check: noDonorEmail }) },
  },
  // A Pix gift's page and its live stream: the signed reference /doar hands out is the capability
  // (whoever holds it sees the code to pay, never the donor's e-mail); a forged one is a 404 (extra cases).
  "routes/doar.pix.$ref": {
    path: (w) => `/doar/pix/${w.pixRef}`,
    loader: {
      cells: same(
        ok((r, w, role, f) => {
          expect(r.body).toMatchObject({ state: "aguardando", amountCents: w.pix.amountCents, testBank: `/sandbox/pix/${w.pix.txid}` });
          noDonorEmail!(r, w, role, f);
          expect(JSON.stringify(r.body)).not.toContain("beatriz@exemplo.com.br");
        }),
      ),
    },
    action: {
      fields: () => ({ intent: "ja-paguei" }),
      cells: same({ status: 302, location: /^\/doar\/pix\/[0-9a-f-]{36}\.[\w-]{22}$/ }),
    },
  },
  "routes/doar.pix.$ref.eventos": {
    path: (w) => `/doar/pix/${w.pixRef}/eventos`,
    loader: { cells: same(ok((r) => expect(r.contentType).toContain("text/event-stream"))) },
  },
  // The sandbox's test bank: a capability URL like the hosted checkout (an unknown txid is a 404).
  "routes/sandbox.pix.$txid": {
    path: (w) => `/sandbox/pix/${w.pix.txid}`,
    loader: { cells: same(ok((r, w) => expect(r.body).toMatchObject({ amountCents: w.pix.amountCents, expired: false }))) },
    action: {
      fields: () => ({ intent: "pagar" }),
      cells: same({ status: 302, location: /^\/sandbox\/pix\/[A-Za-z0-9]{25}\?resultado=pago$/ }),
    },
  },
  // The Pix PSP is not configured in tests: like Stripe's, the endpoint does not exist (and never acts without its token).
  "routes/api.webhooks.pix": {
    path: () => "/api/webhooks/pix",
    loader: { cells: same({ status: 405, refused: true }) },
    action: { fields: () => ({ pix: "[]" }), cells: same({ status: 404, refused: true }) },
  },
  "routes/api.webhooks.pix.efi": {
    path: () => "/api/webhooks/pix/pix",
    loader: { cells: same({ status: 405, refused: true }) },
    action: { fields: () => ({ pix: "[]" }), cells: same({ status: 404, refused: true }) },
  },
  // A certificate's code is its public verification (no e-mail, no sign-in).
  "routes/certificado.$codigo": {
    path: (w) => `/certificado/${w.certificateCode}`,
    loader: {
      cells: same(ok((r, w, role, f) => (expect(JSON.stringify(r.body)).toContain("Festa Encerrada"), noDonorEmail!(r, w, role, f)))),
    },
  },
  // The signed unsubscribe link is the capability: it shows a masked address and records the choice; a forged one changes nothing.
  "routes/descadastrar": {
    path: (w) => `/descadastrar${w.unsubscribeQuery}`,
    loader: {
      cells: same(
        ok((r) => {
          expect(r.body).toMatchObject({ state: "ask" });
          expect(JSON.stringify(r.body)).not.toContain("lista@exemplo.com.br");
        }),
      ),
    },
    action: {
      cells: same(
        ok(async (r) => {
          expect(r.body).toMatchObject({ state: "done" });
          expect(await isUnsubscribed("lista@exemplo.com.br", "relatorio-mensal")).toBe(true);
        }),
      ),
    },
  },
  // A party's news to its guests (during and after it; decision 212) and an ended party's certificate:
  // its creator only (others get the 404 of a party that does not exist).
  "routes/painel.festas.$id.agradecer": {
    path: (w) => `/painel/festas/${w.endedParty.id}/agradecer`,
    loader: {
      cells: {
        anonymous: toLogin("/painel"),
        user: ok((r) => expect(r.body).toMatchObject({ partyName: "Festa Encerrada", sent: [] })),
        other: notFound,
        admin: notFound,
      },
    },
    action: {
      fields: () => ({ mensagem: "Obrigada a todos que doaram na festa!" }),
      cells: {
        anonymous: toLogin("/painel"),
        user: {
          status: 302,
          location: /^\/painel\/festas\/[0-9a-f-]{36}\/agradecer$/,
          check: async (_r, w) => {
            const rows = await db.select().from(schema.partyThankYous).where(eq(schema.partyThankYous.partyId, w.endedParty.id));
            expect(rows.map((t) => t.message)).toEqual(["Obrigada a todos que doaram na festa!"]);
          },
        },
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/painel.festas.$id.certificado.$formato": {
    path: (w) => `/painel/festas/${w.endedParty.id}/certificado/pdf`,
    loader: {
      cells: {
        anonymous: toLogin("/painel"),
        user: ok((r) => expect(r.contentType).toBe("application/pdf")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  // The subscriber's own yearly certificate (the world's user was charged this year; the others never subscribed).
  "routes/conta.certificado.$ano.$formato": {
    path: () => `/conta/certificado/${todayInSaoPaulo().slice(0, 4)}/pdf`,
    loader: {
      cells: {
        anonymous: toLogin("/conta"),
        user: ok((r) => expect(r.contentType).toBe("application/pdf")),
        other: notFound,
        admin: notFound,
      },
    },
  },
  "routes/$": { path: () => "/nao-existe", loader: { cells: same(notFound) } },
};

/** Requests the table's rows do not make: wrong ids and forged tokens. */
const EXTRA_CASES: Array<{
  name: string;
  route: string;
  fn: "loader" | "action";
  path: (w: World) => string;
  fields?: Record<string, string>;
  cells: Cells;
}> = [
  // The dashboard's other intent (decision 191): only the team proposes an impact unit; it waits for an admin.
  {
    name: "impact unit proposal",
    route: "routes/ong.$slug.painel",
    fn: "action",
    path: (w) => `/ong/${w.org.slug}/painel`,
    fields: { intent: "propor-unidade", singular: "cesta básica", plural: "cestas básicas", cost: "50,00" },
    cells: {
      anonymous: { status: 302, location: /^\/auth\?redirectTo=%2Fong%2F.+%2Fpainel$/, refused: true },
      user: {
        status: 302,
        location: /^\/ong\/.+\/painel#unidades$/,
        check: async (_r, w) => {
          const rows = await db.select().from(schema.impactUnitProposals).where(eq(schema.impactUnitProposals.organizationId, w.org.id));
          expect(rows.at(-1)).toMatchObject({ status: "pendente", submittedBy: w.users.user.user.id, costCents: 5_000 });
        },
      },
      other: notFound,
      admin: notFound,
    },
  },
  // The owner alone invites and removes co-hosts (decision 217); anyone else gets the 404 of a stranger's party.
  {
    name: "co-host invitation",
    route: "routes/painel.festa.$id",
    fn: "action",
    path: (w) => `/painel/festa/${w.party.shareCode}`,
    fields: { intent: "convidar-coanfitriao", email: "convidada.matriz@exemplo.com.br" },
    cells: {
      anonymous: toLogin("/painel/festa/mari1"),
      user: {
        status: 302,
        location: "/painel/festa/mari1#coanfitrioes",
        check: async (_r, w) => {
          const rows = await db.select().from(schema.partyCohosts).where(eq(schema.partyCohosts.partyId, w.party.id));
          expect(rows).toMatchObject([{ invitedEmail: "convidada.matriz@exemplo.com.br", status: "invited" }]);
        },
      },
      other: notFound,
      admin: notFound,
    },
  },
  // The owner alone invites a matching sponsor (decision 219); anyone else: the 404 of a stranger's party.
  {
    name: "sponsor invitation",
    route: "routes/painel.festa.$id",
    fn: "action",
    path: (w) => `/painel/festa/${w.party.shareCode}`,
    fields: {
      intent: "convidar-patrocinador",
      sponsorName: "Padaria da Matriz",
      sponsorDocument: "11.222.333/0001-81",
      sponsorEmail: "patrocinio.matriz@exemplo.com.br",
      cap: "300,00",
      deadline: addCalendarDays(todayInSaoPaulo(), 5),
    },
    cells: {
      anonymous: toLogin("/painel/festa/mari1"),
      user: {
        status: 302,
        location: "/painel/festa/mari1#patrocinio",
        check: async (_r, w) => {
          const rows = await db.select().from(schema.matchPledges).where(eq(schema.matchPledges.partyId, w.party.id));
          expect(rows).toMatchObject([
            { sponsorName: "Padaria da Matriz", status: "pendente_confirmacao", createdBy: w.users.user.user.id },
          ]);
        },
      },
      other: notFound,
      admin: notFound,
    },
  },
  {
    name: "cancelling an unknown sponsor invitation",
    route: "routes/painel.festa.$id",
    fn: "action",
    path: (w) => `/painel/festa/${w.party.shareCode}`,
    fields: { intent: "cancelar-patrocinio", pledgeId: "00000000-0000-0000-0000-000000000000" },
    cells: {
      anonymous: toLogin("/painel/festa/mari1"),
      user: { status: 302, location: "/painel/festa/mari1#patrocinio", refused: true },
      other: notFound,
      admin: notFound,
    },
  },
  {
    name: "co-host removal of an unknown co-host",
    route: "routes/painel.festa.$id",
    fn: "action",
    path: (w) => `/painel/festa/${w.party.shareCode}`,
    fields: { intent: "remover-coanfitriao", cohostId: "00000000-0000-0000-0000-000000000000" },
    cells: { anonymous: toLogin("/painel/festa/mari1"), user: notFound, other: notFound, admin: notFound },
  },
  {
    name: "unknown sandbox checkout",
    route: "routes/sandbox.checkout.$id",
    fn: "action",
    path: () => `/sandbox/checkout/cs_sbx_${"0".repeat(32)}`,
    fields: { intent: "pagar" },
    cells: same(notFound),
  },
  {
    name: "tampered subscription checkout",
    route: "routes/sandbox.assinatura.$id",
    fn: "action",
    path: (w) => `/sandbox/assinatura/${w.subscriptionCheckoutId.slice(0, -2)}xx`,
    fields: { intent: "pagar" },
    cells: same(notFound),
  },
  {
    name: "forged Pix Automático bank link",
    route: "routes/sandbox.pix-automatico.$id",
    fn: "action",
    path: (w) => `/sandbox/pix-automatico/${w.subscriptionCheckoutId.slice(0, -2)}xx`,
    fields: { intent: "autorizar" },
    cells: same(notFound),
  },
  {
    name: "forged proof token",
    route: "routes/repasses.$id.comprovante",
    fn: "loader",
    path: (w) => `/repasses/${w.payout.id}/comprovante?t=forjado`,
    cells: { ...same(notFound), admin: ok() },
  },
  {
    name: "forged Pix page reference",
    route: "routes/doar.pix.$ref",
    fn: "loader",
    path: (w) => `/doar/pix/${w.pix.id}.${"A".repeat(22)}`,
    cells: same(notFound),
  },
  {
    name: "Pix page reference without its signature",
    route: "routes/doar.pix.$ref",
    fn: "action",
    path: (w) => `/doar/pix/${w.pix.id}`,
    fields: { intent: "novo-codigo" },
    cells: same(notFound),
  },
  {
    name: "a card gift's id signed as a Pix page",
    route: "routes/doar.pix.$ref",
    fn: "loader",
    path: (w) => `/doar/pix/${pixPageRef(w.pending.id, getConfig().APP_SECRET)}`,
    cells: same(notFound),
  },
  {
    name: "forged Pix stream reference",
    route: "routes/doar.pix.$ref.eventos",
    fn: "loader",
    path: (w) => `/doar/pix/${w.pix.id}.${"A".repeat(22)}/eventos`,
    cells: same(notFound),
  },
  {
    name: "unknown test-bank charge",
    route: "routes/sandbox.pix.$txid",
    fn: "action",
    path: () => `/sandbox/pix/${"0".repeat(25)}`,
    fields: { intent: "pagar" },
    cells: same(notFound),
  },
  {
    name: "unknown certificate code",
    route: "routes/certificado.$codigo",
    fn: "loader",
    path: () => "/certificado/XXXX-XXXX-XXXX",
    cells: same(notFound),
  },
  {
    name: "forged unsubscribe link",
    route: "routes/descadastrar",
    fn: "action",
    path: () => "/descadastrar?t=forjado",
    cells: same({ status: 400, refused: true }),
  },
  {
    name: "a live party's news page: its creator only (decision 212)",
    route: "routes/painel.festas.$id.agradecer",
    fn: "loader",
    path: (w) => `/painel/festas/${w.party.id}/agradecer`,
    cells: {
      anonymous: toLogin("/painel"),
      user: ok((r) => expect(r.body).toMatchObject({ ended: false })),
      other: notFound,
      admin: notFound,
    },
  },
  {
    name: "a year without a paid month has no subscriber certificate",
    route: "routes/conta.certificado.$ano.$formato",
    fn: "loader",
    path: () => "/conta/certificado/2001/pdf",
    cells: { ...same(notFound), anonymous: toLogin("/conta") },
  },
  {
    name: "someone else's party id in /painel's query",
    route: "routes/painel",
    fn: "loader",
    path: (w) => `/painel?festa=${w.party.id}`,
    cells: {
      anonymous: { ...toLogin(), location: /^\/auth/ },
      user: ok(ownParties("mine")),
      other: ok(ownParties("none")),
      admin: ok(ownParties("none")),
    },
  },
];

const routes = listRoutes();
const modules = new Map<string, RouteModule>();
let w: World;

beforeAll(async () => {
  modules.set("root", rootModule as unknown as RouteModule);
  for (const r of routes) modules.set(r.id, await importRouteModule(r.file));
  w = await buildWorld();
}, 120_000);

function paramsOf(routeId: string, path: string): Record<string, string> {
  const pattern = routes.find((r) => r.id === routeId)?.path;
  if (!pattern) return {};
  const names = pattern.split("/");
  const parts = new URL(path, "http://x").pathname.slice(1).split("/");
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    if (n.startsWith(":")) params[n.slice(1)] = decodeURIComponent(parts[i] ?? "");
    if (n === "*") params["*"] = parts.slice(i).join("/");
  });
  return params;
}

async function runCell(routeId: string, fn: "loader" | "action", path: string, role: Role, cell: Cell, fields?: Record<string, string>) {
  const handler = modules.get(routeId)![fn]!;
  const before = cell.refused ? await snapshotDatabase() : undefined;
  const request = siteRequest(path, { method: fn === "loader" ? "GET" : "POST", cookie: w.cookieOf(role), fields });
  const result = await call(handler, request, paramsOf(routeId, path));
  const where = `${routeId} ${fn} as ${role}`;
  expect(result.status, where).toBe(cell.status);
  if (cell.location !== undefined) {
    if (typeof cell.location === "string") expect(result.location, where).toBe(cell.location);
    else expect(result.location ?? "", where).toMatch(cell.location);
  }
  if (before) expect(await snapshotDatabase(), `${where}: a refused call changed the database`).toEqual(before);
  await cell.check?.(result, w, role, fields);
}

describe("authorization matrix (generated from app/routes.ts)", () => {
  it("names every route of app/routes.ts, and each row matches the module's loader/action", () => {
    const ids = ["root", ...routes.map((r) => r.id)];
    expect(
      ids.filter((id) => !(id in EXPECTATIONS)),
      "routes without an expectation",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTATIONS).filter((id) => !ids.includes(id)),
      "expectations for routes that no longer exist",
    ).toEqual([]);
    for (const id of ids) {
      const spec = EXPECTATIONS[id]!;
      const mod = modules.get(id)!;
      const has = { loader: typeof mod.loader === "function", action: typeof mod.action === "function" };
      const expected =
        spec === "no loader or action" ? { loader: false, action: false } : { loader: Boolean(spec.loader), action: Boolean(spec.action) };
      expect(has, id).toEqual(expected);
    }
  });

  const rows = Object.entries(EXPECTATIONS).flatMap(([id, spec]) =>
    spec === "no loader or action" ? [] : (["loader", "action"] as const).filter((fn) => spec[fn]).map((fn) => ({ id, fn, spec })),
  );

  it.each(rows)("$id $fn × anonymous / user / other / admin", async ({ id, fn, spec }) => {
    const handler = spec[fn]!;
    for (const role of ROLES) {
      await runCell(id, fn, (handler.path ?? spec.path)(w), role, handler.cells[role], handler.fields?.(w, role));
    }
  });

  // The sandbox's pages (hosted checkout, subscription checkout, test bank) are capability URLs only while the sandbox is on.
  it.each([
    { id: "routes/sandbox.pix.$txid", path: (w: World) => `/sandbox/pix/${w.pix.txid}`, fields: { intent: "pagar" } },
    {
      id: "routes/sandbox.pix-automatico.$id",
      path: (w: World) => `/sandbox/pix-automatico/${w.subscriptionCheckoutId}`,
      fields: { intent: "autorizar" },
    },
    { id: "routes/sandbox.checkout.$id", path: (w: World) => `/sandbox/checkout/${w.pending.checkoutId}`, fields: { intent: "pagar" } },
    {
      id: "routes/sandbox.assinatura.$id",
      path: (w: World) => `/sandbox/assinatura/${w.subscriptionCheckoutId}`,
      fields: { intent: "pagar" },
    },
  ])("$id: 404 for everyone when the sandbox is off", async ({ id, path, fields }) => {
    const config = { ...getConfig(), paymentsSandbox: false };
    for (const fn of ["loader", "action"] as const) {
      for (const role of ROLES) {
        const before = await snapshotDatabase();
        const request = siteRequest(path(w), { method: fn === "loader" ? "GET" : "POST", cookie: w.cookieOf(role), fields });
        const result = await call(modules.get(id)![fn]!, request, paramsOf(id, path(w)), config);
        expect(result.status, `${id} ${fn} as ${role}`).toBe(404);
        expect(await snapshotDatabase(), `${id} ${fn} as ${role}`).toEqual(before);
      }
    }
  });

  it.each(EXTRA_CASES)("$route: $name", async (c) => {
    for (const role of ROLES) await runCell(c.route, c.fn, c.path(w), role, c.cells[role], c.fields);
  });
});
