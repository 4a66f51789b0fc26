import { testContext, testSandboxQueue } from "@tests/context";
import type { AppLoadContext } from "react-router";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { givingSetup } from "@tests/donations";
import { chargeRows, outbox, subscriptionRows } from "@tests/subscriptions";
import { beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { readToast } from "~/platform/http/toast.server";
import { getBillingCustomer, getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { action, loader } from "./assine-o-bem";
import { action as checkoutAction, loader as checkoutLoader } from "./sandbox.assinatura.$id";
import { action as portalAction, loader as portalLoader } from "./sandbox.portal.$customer";
import { loader as successLoader } from "./subscription-success";

// The sandbox "provider" queues its signed events; deliveries() posts them to the real webhook handler.
let sandbox: ReturnType<typeof testSandboxQueue>;
let context: AppLoadContext;
beforeEach(() => {
  sandbox = testSandboxQueue();
  context = testContext({ payments: { sandboxEvents: sandbox } });
});
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context }) as never;
const post = (path: string, cookie: string | undefined, fields: Record<string, string>) =>
  authedRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie });
const settle = (p: unknown) => Promise.resolve(p).catch((r) => r);
const unwrap = (result: unknown) =>
  result as { data: Record<string, unknown> & { error?: { title: string; description: string } }; init: { status: number } };

async function deliveries() {
  for (const response of await sandbox.flush()) expect(response.status).toBe(200);
}

/** Through the real pages: 'Assinar Prata' → sandbox checkout → Pagar → events delivered. */
async function subscribe(cookie: string, plan = "prata") {
  const response = (await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: plan })))) as Response;
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get("Location")!);
  expect(url.pathname).toMatch(/^\/sandbox\/assinatura\/cs_sbx_sub_/);
  const id = decodeURIComponent(url.pathname.split("/").pop()!);
  const paid = (await checkoutAction(args(post(url.pathname, undefined, { intent: "pagar" }), { id }))) as Response;
  expect(paid.headers.get("Location")).toBe("/subscription-success");
  await deliveries();
  return id;
}

describe("/assine-o-bem", () => {
  it("logged out: 'Assinar' goes to /auth and back, with the spec's toast, and creates nothing", async () => {
    expect(await loader(args(authedRequest("/assine-o-bem")))).toEqual({
      signedIn: false,
      subscription: null,
      error: null,
      // The sandbox offers Pix Automático: card stays the default choice.
      method: "cartao",
      // The ranking's counts (no active subscription yet) and no main charity in this database.
      counts: {},
      institution: null,
    });
    const response = (await action(args(post("/assine-o-bem", undefined, { intent: "assinar", plano: "prata" })))) as Response;
    expect(response.status).toBe(302);
    // Login brings the user back to the chosen plan (issue 17: not to the plans page).
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fassine-o-bem%3Fplano%3Dprata");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await readToast(new Request("http://localhost:3000/auth", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "info", title: "Login necessário", description: "Faça login para assinar um plano" });
    expect(await db.select().from(schema.billingCustomers)).toHaveLength(0);
  });

  it("back from login with ?plano=: a new subscriber goes on to that plan's checkout; a subscriber stays on the page", async () => {
    const { cookie } = await createTestUser();
    const thrown = await loader(args(authedRequest("/assine-o-bem?plano=prata", { cookie }))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^http:\/\/localhost:3000\/sandbox\/assinatura\//);
    // An unknown plan is ignored: the plans page, nothing created.
    expect(await loader(args(authedRequest("/assine-o-bem?plano=platina", { cookie })))).toMatchObject({
      signedIn: true,
      subscription: null,
    });
  });

  it("subscribe in the sandbox: checkout page, Pagar, events through the webhook, the plan shows as current", async () => {
    const { user, cookie } = await createTestUser();
    expect(await loader(args(authedRequest("/assine-o-bem", { cookie })))).toEqual({
      error: null,
      signedIn: true,
      subscription: null,
      method: "cartao",
      counts: {},
      institution: null,
    });
    const id = await subscribe(cookie, "prata");
    expect(await checkoutLoader(args(authedRequest(`/sandbox/assinatura/${id}`), { id }))).toMatchObject({
      planName: "Prata",
      paid: true,
      open: false,
    });
    expect(await loader(args(authedRequest("/assine-o-bem", { cookie })))).toMatchObject({
      subscription: { plan: "prata", pastDue: false, cancelAtPeriodEnd: false },
    });
    expect(await getBillingCustomer(user.id)).toMatchObject({ provider: "sandbox" });
    expect((await chargeRows()).map((c) => c.amountCents)).toEqual([5000]);
    // Paying the same checkout again is the same subscription and the same first invoice.
    await checkoutAction(args(post(`/sandbox/assinatura/${id}`, undefined, { intent: "pagar" }), { id }));
    await deliveries();
    expect(await subscriptionRows()).toHaveLength(1);
    expect(await chargeRows()).toHaveLength(1);
  });

  it("refuses a second subscription with a clear message and creates nothing", async () => {
    const { cookie } = await createTestUser();
    await subscribe(cookie, "prata");
    const result = unwrap(await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "ouro" }))));
    expect(result.init.status).toBe(409);
    expect(result.data.error).toEqual({
      title: "Erro ao criar assinatura",
      description: expect.stringContaining("Você já tem uma assinatura"),
    });
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("a forged plan is refused", async () => {
    const { user, cookie } = await createTestUser();
    const result = unwrap(
      await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "platina", priceId: "price_sbx_diamante" }))),
    );
    expect(result.init.status).toBe(400);
    expect(result.data.error?.title).toBe("Erro ao criar assinatura");
    expect(await getBillingCustomer(user.id)).toBeNull();
  });

  it("'Gerenciar Assinatura' without a customer: 'Erro ao abrir portal'; with one: the sandbox portal", async () => {
    const { cookie } = await createTestUser();
    const refused = unwrap(await action(args(post("/assine-o-bem", cookie, { intent: "gerenciar" }))));
    expect(refused.init.status).toBe(400);
    expect(refused.data.error?.title).toBe("Erro ao abrir portal");
    await subscribe(cookie);
    const portal = (await action(args(post("/assine-o-bem", cookie, { intent: "gerenciar" })))) as Response;
    expect(portal.headers.get("Location")).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/portal\/cus_sbx_[0-9a-f]{24}\?sessao=\d+\.[0-9a-f]{32}$/,
    );
  });
});

describe("sandbox checkout and portal", () => {
  it("a forged or tampered checkout id is not found", async () => {
    const { cookie } = await createTestUser();
    const response = (await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "bronze" })))) as Response;
    const id = decodeURIComponent(new URL(response.headers.get("Location")!).pathname.split("/").pop()!);
    const [payload, signature] = id.slice("cs_sbx_sub_".length).split(".");
    const json = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const cheaper = `cs_sbx_sub_${Buffer.from(JSON.stringify({ ...json, p: "diamante", r: "price_sbx_diamante" })).toString("base64url")}.${signature}`;
    for (const bad of [cheaper, "cs_sbx_sub_x.0123456789abcdef0123456789abcdef", "qualquer"]) {
      const result = (await settle(checkoutLoader(args(authedRequest(`/sandbox/assinatura/${bad}`), { id: bad })))) as {
        init: { status: number };
      };
      expect(result.init.status).toBe(404);
    }
  });

  it("'Recusar' creates nothing and stays on the page", async () => {
    const { cookie } = await createTestUser();
    const response = (await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "ouro" })))) as Response;
    const path = new URL(response.headers.get("Location")!).pathname;
    const id = decodeURIComponent(path.split("/").pop()!);
    const declined = unwrap(await checkoutAction(args(post(path, undefined, { intent: "recusar" }), { id })));
    expect(declined).toMatchObject({ data: { declined: true }, init: { status: 402 } });
    await deliveries();
    expect(await subscriptionRows()).toHaveLength(0);
  });

  it("the portal only opens for the signed-in owner of the customer", async () => {
    const owner = await createTestUser();
    await subscribe(owner.cookie);
    const customer = (await db.select().from(schema.billingCustomers))[0]!.providerCustomerId;
    const path = `/sandbox/portal/${customer}`;
    const anonymous = (await settle(portalLoader(args(authedRequest(path), { customer })))) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    const stranger = await createTestUser();
    const denied = (await settle(portalLoader(args(authedRequest(path, { cookie: stranger.cookie }), { customer })))) as {
      init: { status: number };
    };
    expect(denied.init.status).toBe(404);
    const deniedPost = (await settle(portalAction(args(post(path, stranger.cookie, { intent: "cancelar-agora" }), { customer })))) as {
      init: { status: number };
    };
    expect(deniedPost.init.status).toBe(404);
    await deliveries();
    expect(await getSubscriptionStatus(owner.user.id)).toMatchObject({ subscribed: true });
    expect(await portalLoader(args(authedRequest(path, { cookie: owner.cookie }), { customer }))).toMatchObject({
      subscription: { plan: "prata", status: "active" },
    });
  });

  it("change plan, fail a charge, fix it, and cancel, each as signed events", async () => {
    const { user, cookie } = await createTestUser();
    await subscribe(cookie);
    const customer = (await getBillingCustomer(user.id))!.providerCustomerId;
    const choose = async (fields: Record<string, string>) => {
      const response = (await portalAction(args(post(`/sandbox/portal/${customer}`, cookie, fields), { customer }))) as Response;
      expect(response.headers.get("Location")).toBe(`/sandbox/portal/${customer}?feito=${fields.intent}`);
      await deliveries();
    };
    await choose({ intent: "mudar", plano: "ouro" });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "ouro" });
    await choose({ intent: "falhar" });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "past_due" });
    expect((await outbox()).filter((m) => m.template === "subscription-payment-failed")).toHaveLength(1);
    await choose({ intent: "regularizar" });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "ouro" });
    expect((await chargeRows()).map((c) => c.amountCents)).toEqual([5000, 7000]);
    await choose({ intent: "cancelar-agora" });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "canceled" });
    const refused = unwrap(
      await portalAction(args(post(`/sandbox/portal/${customer}`, cookie, { intent: "mudar", plano: "bronze" }), { customer })),
    );
    expect(refused.init.status).toBe(400);
  });
});

describe("/subscription-success", () => {
  it("asks for login", async () => {
    const response = (await settle(successLoader(args(authedRequest("/subscription-success"))))) as Response;
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fsubscription-success");
  });

  it("waits (bounded) until the payment is confirmed", async () => {
    const { cookie } = await createTestUser();
    expect(await successLoader(args(authedRequest("/subscription-success", { cookie })))).toMatchObject({ state: "waiting", nextCheck: 1 });
    expect(await successLoader(args(authedRequest("/subscription-success?verificacao=20", { cookie })))).toMatchObject({
      state: "waiting",
      nextCheck: null,
    });
    expect(await successLoader(args(authedRequest("/subscription-success?verificacao=999", { cookie })))).toMatchObject({
      check: 20,
      nextCheck: null,
    });
  });

  it("once active: 'Assinatura Confirmada!' and the confirmation e-mail, queued once per subscription", async () => {
    const { user, cookie } = await createTestUser({ name: "Bruno Alves" });
    await subscribe(cookie, "prata");
    const first = await successLoader(args(authedRequest("/subscription-success", { cookie })));
    expect(first).toMatchObject({
      state: "confirmed",
      plan: { name: "Prata", monthlyCents: 5000, renewsOn: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) },
    });
    await successLoader(args(authedRequest("/subscription-success", { cookie })));
    await successLoader(args(authedRequest("/subscription-success", { cookie })));
    const mails = (await outbox()).filter((m) => m.template === "subscription-confirmation");
    expect(mails).toHaveLength(1);
    const [row] = await subscriptionRows();
    expect(mails[0]).toMatchObject({
      to: user.email,
      dedupeKey: `sub-confirm:${row!.id}`,
      subject: "Assinatura confirmada: Plano Prata — R$ 50,00/mês",
    });
    expect(mails[0]!.text).toContain(`Próxima cobrança: ${(first as { plan: { renewsOn: string } }).plan.renewsOn}`);
    expect(row!.confirmationSentAt).not.toBeNull();
  });

  it("the confirmation e-mail names the institution that receives the monthly gifts", async () => {
    const { org } = await givingSetup();
    const { cookie } = await createTestUser({ name: "Clara Dias" });
    await subscribe(cookie, "bronze");
    await successLoader(args(authedRequest("/subscription-success", { cookie })));
    const [mail] = (await outbox()).filter((m) => m.template === "subscription-confirmation");
    expect(mail!.text).toContain(`Quem recebe: ${org.name}`);
  });

  it("a past-due subscription is not confirmed", async () => {
    const { user, cookie } = await createTestUser();
    await subscribe(cookie);
    const customer = (await getBillingCustomer(user.id))!.providerCustomerId;
    await db.update(schema.subscriptions).set({ confirmationSentAt: null });
    await portalAction(args(post(`/sandbox/portal/${customer}`, cookie, { intent: "falhar" }), { customer }));
    await deliveries();
    expect(await successLoader(args(authedRequest("/subscription-success", { cookie })))).toMatchObject({ state: "failed" });
    expect((await outbox()).filter((m) => m.template === "subscription-confirmation")).toHaveLength(0);
  });
});
