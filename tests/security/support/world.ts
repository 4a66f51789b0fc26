/**
 * The security suite's world: a party creator ("user") with a live party, paid and pending gifts,
 * a sandbox subscription and an e-mail in the outbox; "other", a second signed-in account with
 * nothing; and an admin. Plus the plumbing to call a route's loader/action the way React Router
 * does and read what came back.
 */
import { ADMIN_TAB_IDS } from "~/components/admin/tabs";
import { signGiftRef } from "~/domain/donations/gift-result.server";
import { testContext, testDeps, testSandboxQueue } from "@tests/context";
import { randomUUID } from "node:crypto";
import { createTestUser, type TestUser } from "@tests/auth";
import { insertPendingGift, insertPendingPixGift } from "@tests/donations";
import { insertCause, insertPaidGift, insertParty } from "@tests/parties";
import { sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { type Config, getConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { createSandboxCheckoutId } from "~/domain/payments/sandbox-subscriptions.server";
import { getPlan } from "~/domain/subscriptions/plans";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { pixPageRef } from "~/domain/donations/pix-checkout.server";
import { issuePartyCertificate } from "~/domain/impact/certificates.server";
import { unsubscribeUrl } from "~/platform/mail/mailing-lists.server";

export const ROLES = ["anonymous", "user", "other", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ORIGIN = "http://localhost:3000";
/** The donors' e-mails planted in the world: none may ever reach a public page. */
export const DONOR_EMAILS = ["doadora.secreta@exemplo.com.br", "pendente.secreto@exemplo.com.br"];

export async function buildWorld() {
  const [user, other, admin] = await Promise.all([
    createTestUser({ name: "Mariana Festeira" }),
    createTestUser({ name: "Otávio Outro" }),
    createTestUser({ name: "Ana Admin", admin: true }),
  ]);
  const cause = await insertCause({ name: "Doenças Raras" });
  // The main NGO, unless the demo data set already has one.
  const hasMain = (await db.$count(schema.organizations, eq(schema.organizations.isMain, true))) > 0;
  const [org] = await db
    .insert(schema.organizations)
    .values({
      name: "AADORA Mundo",
      slug: `aadora-${randomUUID().slice(0, 6)}`,
      causeId: cause.id,
      city: "Belo Horizonte",
      state: "MG",
      description: "Apoio",
      isMain: !hasMain,
      verifiedAt: new Date(), // parties may point at it (the fuzzer creates some)
    })
    .returning();
  const party = await insertParty({
    userId: user.user.id,
    causeId: cause.id,
    organizationId: org!.id,
    name: "Aniversário Secreto da Mariana",
    shareCode: "mari1",
  });
  const endedParty = await insertParty({
    userId: user.user.id,
    causeId: cause.id,
    organizationId: org!.id,
    name: "Festa Encerrada",
    shareCode: "fim01",
    eventDate: addCalendarDays(todayInSaoPaulo(), -40),
  });
  const paid = await insertPaidGift(party.id, {
    amountCents: 12_345,
    name: "Beatriz Doadora",
    email: DONOR_EMAILS[0],
    message: "Parabéns!",
  });
  const pending = await insertPendingGift(party.id, { donorName: "Pedro Pendente", donorEmail: DONOR_EMAILS[1] });

  const [payout] = await db
    .insert(schema.payouts)
    .values({
      partyId: endedParty.id,
      grossCents: 10_000,
      feeCents: 1_000,
      netCents: 9_000,
      settlementDate: todayInSaoPaulo(),
      transferDeadline: todayInSaoPaulo(),
      status: "transferido",
      proofFileName: "comprovante.png",
      proofFile: Buffer.from("\x89PNG\r\n\x1a\n").toString("base64"),
      transferredAt: new Date(),
    })
    .returning();

  const customerId = await sandboxSubscriber(user.user.id);
  await processPaymentEvent(
    subscriptionEvent("updated", { subscriptionId: "sub_sbx_world", customerId, userId: user.user.id, plan: "prata" }),
    testDeps(),
  );
  // One paid month of the plan: the subscriber's yearly certificate exists.
  await processPaymentEvent(
    subscriptionEvent("invoice_paid", {
      subscriptionId: "sub_sbx_world",
      customerId,
      userId: user.user.id,
      plan: "prata",
      invoice: { id: "in_sbx_world" },
    }),
    testDeps(),
  );
  const plan = getPlan("ouro")!;
  const subscriptionCheckoutId = createSandboxCheckoutId(getConfig().APP_SECRET, {
    userId: other.user.id,
    customerId: `cus_sbx_${randomUUID().slice(0, 8)}`,
    planId: "ouro",
    priceId: plan.sandboxPriceId,
  });

  // A pending Pix gift with its sandbox charge: its page is reached only through the signed reference.
  const pix = await insertPendingPixGift(party.id);
  const pixRef = pixPageRef(pix.id, getConfig().APP_SECRET);
  // The ended party's impact certificate (public verification by its code).
  const { code: certificateCode } = await issuePartyCertificate(endedParty.id);
  // A list e-mail's signed unsubscribe link (the query string of /descadastrar).
  const unsubscribeQuery = new URL(unsubscribeUrl(ORIGIN, "lista@exemplo.com.br", "relatorio-mensal")).search;

  // The institution's team: "user" is its owner; "other" and the admin are not in it.
  await db.insert(schema.institutionMembers).values({ organizationId: org!.id, userId: user.user.id, role: "owner" });

  // A team campaign (decision 217) for the world's institution; the live party counts for it.
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({ slug: "time-da-mariana-ab12", name: "Time da Mariana", organizationId: org!.id, createdBy: user.user.id })
    .returning();
  await db.update(schema.parties).set({ campaignId: campaign!.id }).where(eq(schema.parties.id, party.id));

  const [email] = await db
    .insert(schema.emailOutbox)
    .values({ to: "mariana@exemplo.com.br", subject: "Teste", html: "<p>Olá</p>", text: "Olá", template: "test" })
    .returning();

  return {
    users: { user, other, admin } as Record<Exclude<Role, "anonymous">, TestUser>,
    cause,
    org: org!,
    party,
    campaign: campaign!,
    endedParty,
    pending,
    paid,
    payout: payout!,
    customerId,
    subscriptionCheckoutId,
    pix,
    pixRef,
    certificateCode,
    unsubscribeQuery,
    emailId: email!.id,
    /** Provider events the routes queued (kept, never delivered). */
    delivered: sandboxEvents.queued,
    cookieOf(role: Role) {
      return role === "anonymous" ? undefined : this.users[role].cookie;
    },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Provider events the routes trigger are captured, never POSTed to a port nobody listens on. */
const sandboxEvents = testSandboxQueue();

let ipCounter = 0;
/** A fresh client address per call, so the per-IP rate limits never decide a matrix cell. */
function loadContext(config?: Config) {
  ipCounter += 1;
  const context = testContext({
    clientIp: `198.51.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    requestId: `req-${ipCounter}`,
    payments: { sandboxEvents },
  });
  // Only what the routes read changes (e.g. the sandbox off, as with Stripe configured); the providers stay the test's.
  return config ? { ...context, config } : context;
}

export type Call = { status: number; location: string | null; contentType: string | null; body: unknown; text: string | null };

/** Runs a loader/action and reads what it returned or threw (Response, data() or plain data); `config` replaces the test configuration. */
export async function call(
  handler: (args: unknown) => unknown,
  request: Request,
  params: Record<string, string> = {},
  config?: Config,
): Promise<Call> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: loadContext(config) });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const streaming = (result.headers.get("Content-Type") ?? "").includes("text/event-stream");
    let text: string | null = null;
    if (streaming) {
      // Read the stream's first bytes, then hang up like a browser leaving the page.
      const reader = result.body!.getReader();
      const first = await reader.read();
      text = new TextDecoder().decode(first.value);
      await reader.cancel();
    } else if (result.body) {
      text = await result.text();
    }
    return {
      status: result.status,
      location: result.headers.get("Location"),
      contentType: result.headers.get("Content-Type"),
      body: null,
      text,
    };
  }
  if (result instanceof Error) throw result;
  const r = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (r && r.type === "DataWithResponseInit") {
    const headers = new Headers(r.init?.headers);
    return { status: r.init?.status ?? 200, location: headers.get("Location"), contentType: null, body: r.data, text: null };
  }
  return { status: 200, location: null, contentType: null, body: result, text: null };
}

/** A request as the site's own pages send it (same origin), urlencoded when it has fields. */
export function siteRequest(
  path: string,
  options: { method?: string; cookie?: string; fields?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const method = options.method ?? "GET";
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: URLSearchParams | undefined;
  if (method !== "GET") {
    headers.set("Origin", ORIGIN);
    body = new URLSearchParams(options.fields ?? {});
  }
  return new Request(new URL(path, ORIGIN), { method, headers, body, signal: options.signal });
}

/**
 * A concrete URL for every route of app/routes.ts (the world's own ids in the parameters). The
 * suites that walk the route list fail on a route missing here.
 */
export function concretePaths(w: World): Record<string, string> {
  return {
    "routes/home": "/",
    "routes/como-funciona": "/como-funciona",
    "routes/criar-festa": "/criar-festa",
    "routes/assine-o-bem": "/assine-o-bem",
    "routes/assine-o-bem.mural": "/assine-o-bem/mural",
    "routes/assine-o-bem.pix-automatico": "/assine-o-bem/pix-automatico?plano=prata",
    "routes/doar": `/doar?festa=${w.party.shareCode}`,
    "routes/causas": "/causas",
    "routes/ongs.cadastrar": "/ongs/cadastrar?cnpj=24.581.367/0001-04",
    "routes/ong.convite": "/ong/convite?t=forjado",
    "routes/ong.$slug.equipe": `/ong/${w.org.slug}/equipe`,
    "routes/ong.$slug.painel": `/ong/${w.org.slug}/painel`,
    "routes/ong.$slug.painel.doacoes[.]csv": `/ong/${w.org.slug}/painel/doacoes.csv`,
    "routes/ong.$slug.painel.extrato": `/ong/${w.org.slug}/painel/extrato?mes=${todayInSaoPaulo().slice(0, 7)}&formato=csv`,
    "routes/ong.$slug.painel.repasses.$id.comprovante": `/ong/${w.org.slug}/painel/repasses/${w.payout.id}/comprovante`,
    "routes/causas.$slug": `/causas/${w.org.slug}`,
    "routes/admin.ongs.pedidos.$id.documentos.$tipo": "/admin/ongs/pedidos/00000000-0000-4000-8000-000000000000/documentos/bylaws",
    "routes/eventos": "/eventos",
    "routes/historias": "/historias",
    "routes/transparencia": "/transparencia",
    "routes/contato": "/contato",
    "routes/faq": "/faq",
    "routes/auth": "/auth",
    "routes/redefinir-senha": "/redefinir-senha?token=forjado",
    "routes/painel": "/painel",
    "routes/admin/layout": "/admin",
    "routes/admin/dashboard": "/admin",
    ...Object.fromEntries(ADMIN_TAB_IDS.filter((tab) => tab !== "dashboard").map((tab) => [`routes/admin/${tab}`, `/admin/${tab}`])),
    "routes/festa.$id": `/festa/${w.party.shareCode}`,
    "routes/subscription-success": "/subscription-success",
    "routes/subscription-canceled": "/subscription-canceled",
    "routes/doacao-sucesso": `/doacao-sucesso?ref=${encodeURIComponent(signGiftRef(w.pending.id, new Date()))}`,
    "routes/doacao-cancelada": "/doacao-cancelada",
    "routes/termos-de-uso": "/termos-de-uso",
    "routes/politica-privacidade": "/politica-privacidade",
    "routes/conta": "/conta",
    "routes/conta.confirmar-email": "/conta/confirmar-email?token=forjado",
    "routes/conta.confirmar-endereco": "/conta/confirmar-endereco?token=forjado",
    "routes/privacidade.solicitar": "/privacidade/solicitar",
    "routes/assinatura.gerenciar": "/assinatura/gerenciar?token=forjado",
    "routes/assinatura.confirmar": "/assinatura/confirmar?token=forjado",
    "routes/assinatura.regularizar": "/assinatura/regularizar?token=forjado",
    "routes/sandbox.checkout.$id": `/sandbox/checkout/${w.pending.checkoutId}`,
    "routes/sandbox.assinatura.$id": `/sandbox/assinatura/${w.subscriptionCheckoutId}`,
    "routes/sandbox.pix-automatico.$id": `/sandbox/pix-automatico/${w.subscriptionCheckoutId}`,
    "routes/sandbox.portal.$customer": `/sandbox/portal/${w.customerId}`,
    "routes/dev.emails": "/dev/emails",
    "routes/painel.eventos": "/painel/eventos",
    "routes/festa.$id.eventos": `/festa/${w.party.shareCode}/eventos`,
    "routes/fotos.$arquivo": `/fotos/capa-${"0".repeat(24)}-640.webp`,
    "routes/painel.festa.$id": `/painel/festa/${w.party.shareCode}`,
    "routes/painel.coanfitriao": "/painel/coanfitriao?t=forjado",
    "routes/patrocinio.confirmar": "/patrocinio/confirmar?t=forjado",
    "routes/patrocinio.pagar": "/patrocinio/pagar?t=forjado",
    "routes/campanhas.nova": "/campanhas/nova",
    "routes/campanha.$slug": `/campanha/${w.campaign.slug}`,
    "routes/campanha.$slug.editar": `/campanha/${w.campaign.slug}/editar`,
    "routes/painel.festa.$id.editar": `/painel/festa/${w.party.shareCode}/editar`,
    "routes/painel.festa.$id.convidados[.]csv": `/painel/festa/${w.party.shareCode}/convidados.csv`,
    "routes/painel.festa.$id.qr[.]png": `/painel/festa/${w.party.shareCode}/qr.png`,
    "routes/painel.festa.$id.convite[.]pdf": `/painel/festa/${w.party.shareCode}/convite.pdf`,
    "routes/painel.festa.$id.stories[.]png": `/painel/festa/${w.party.shareCode}/stories.png`,
    "routes/festa.$id.previa[.]png": `/festa/${w.party.shareCode}/previa.png`,
    "routes/api.webhooks.stripe": "/api/webhooks/stripe",
    "routes/api.webhooks.sandbox": "/api/webhooks/sandbox",
    "routes/robots[.]txt": "/robots.txt",
    "routes/sitemap[.]xml": "/sitemap.xml",
    "routes/transparencia.relatorio.$mes": `/transparencia/relatorio/${todayInSaoPaulo().slice(0, 7)}`,
    "routes/dev.emails.$id": `/dev/emails/${w.emailId}`,
    "routes/admin.doacoes[.]csv": "/admin/doacoes.csv",
    "routes/repasses.$id.comprovante": `/repasses/${w.payout.id}/comprovante`,
    "routes/conta.exportar.$formato": "/conta/exportar/json",
    "routes/privacidade.exportar.$formato": "/privacidade/exportar/json?token=forjado",
    "routes/recibo.$codigo": `/recibo/${w.paid.receiptCode}`,
    "routes/recibo.$codigo.pdf": `/recibo/${w.paid.receiptCode}/pdf`,
    "routes/conta.recibos.$arquivo": `/conta/recibos/${todayInSaoPaulo().slice(0, 4)}.pdf`,
    "routes/doar.pix.$ref": `/doar/pix/${w.pixRef}`,
    "routes/doar.pix.$ref.eventos": `/doar/pix/${w.pixRef}/eventos`,
    "routes/sandbox.pix.$txid": `/sandbox/pix/${w.pix.txid}`,
    "routes/api.webhooks.pix": "/api/webhooks/pix",
    "routes/api.webhooks.pix.efi": "/api/webhooks/pix/pix",
    "routes/certificado.$codigo": `/certificado/${w.certificateCode}`,
    "routes/descadastrar": `/descadastrar${w.unsubscribeQuery}`,
    "routes/painel.festas.$id.agradecer": `/painel/festas/${w.endedParty.id}/agradecer`,
    "routes/painel.festas.$id.certificado.$formato": `/painel/festas/${w.endedParty.id}/certificado/pdf`,
    "routes/conta.certificado.$ano.$formato": `/conta/certificado/${todayInSaoPaulo().slice(0, 4)}/pdf`,
    "routes/$": "/nao-existe",
  };
}
