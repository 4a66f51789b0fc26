/**
 * "Outro valor" on Assine o Bem (issue 30, decision 183): a monthly amount of one's own, from
 * R$ 10, on card and on Pix Automático in the sandbox, with the same charges, ledger, e-mails and
 * management as the four plans. The amount is parsed on the server only.
 */
import { testContext, testSandboxQueue } from "@tests/context";
import type { AppLoadContext } from "react-router";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { chargeRows, outbox, subscriptionRows } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { action, loader } from "./assine-o-bem";
import { action as checkoutAction, loader as checkoutLoader } from "./sandbox.assinatura.$id";
import { action as bankAction, loader as bankLoader } from "./sandbox.pix-automatico.$id";
import { loader as successLoader } from "./subscription-success";
import { loader as portalLoader, action as portalAction } from "./sandbox.portal.$customer";

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
  result as { data: { error: { title: string; description: string }; valor: string | null }; init: { status: number } };

async function deliveries() {
  for (const response of await sandbox.flush()) expect(response.status).toBe(200);
}

describe("'outro valor' by card (sandbox)", () => {
  it("subscribes R$ 45,50 a month: checkout at that amount, the charge and its ledger row, the confirmation e-mail, the page", async () => {
    const { user, cookie } = await createTestUser({ name: "Olga Valor" });
    // A price or amount in centavos slipped into the form is not read: only "valor", parsed here.
    const response = (await action(
      args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "personalizado", valor: "45,50", priceId: "custom_1000" })),
    )) as Response;
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("Location")!);
    const id = decodeURIComponent(url.pathname.split("/").pop()!);
    expect(await checkoutLoader(args(authedRequest(url.pathname), { id }))).toMatchObject({ planName: "Personalizado", priceCents: 4550 });
    await checkoutAction(args(post(url.pathname, undefined, { intent: "pagar" }), { id }));
    await deliveries();

    const [row] = await subscriptionRows();
    expect(row).toMatchObject({ userId: user.id, plan: "personalizado", customAmountCents: 4550, status: "active" });
    expect((await chargeRows()).map((c) => c.amountCents)).toEqual([4550]);
    const ledger = await db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.kind, "subscription_charge_paid"));
    expect(ledger.map((l) => l.grossCents)).toEqual([4550]);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "personalizado", customAmountCents: 4550 });

    const success = (await successLoader(args(authedRequest("/subscription-success", { cookie })))) as { state: string };
    expect(success.state).toBe("confirmed");
    const [confirmation] = (await outbox()).filter((m) => m.template === "subscription-confirmation");
    expect(confirmation!.text).toContain("R$ 45,50");

    const page = (await loader(args(authedRequest("/assine-o-bem", { cookie })))) as { subscription: Record<string, unknown> };
    expect(page.subscription).toMatchObject({ plan: "personalizado", customAmountCents: 4550, pastDue: false });
    // A second subscription (of any amount) is refused.
    const again = unwrap(await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "personalizado", valor: "20" }))));
    expect(again.init.status).toBe(409);
  });

  it("refuses an amount under R$ 10, over R$ 5.000 or not an amount, keeps what was typed, and creates nothing", async () => {
    const { cookie } = await createTestUser();
    for (const valor of ["9,99", "5.000,01", "dez reais", "", "-20"]) {
      const result = unwrap(await action(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "personalizado", valor }))));
      expect(result.init.status).toBe(400);
      expect(result.data.error.description).toBe("Escolha um valor mensal entre R$ 10,00 e R$ 5.000,00.");
      expect(result.data.valor).toBe(valor);
    }
    expect(sandbox.queued).toHaveLength(0);
    expect(await subscriptionRows()).toHaveLength(0);
  });

  it("logged out: login brings the person back to the same amount's checkout", async () => {
    const out = (await action(
      args(post("/assine-o-bem", undefined, { intent: "assinar", plano: "personalizado", valor: "25" })),
    )) as Response;
    expect(out.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/assine-o-bem?plano=personalizado&valor=25")}`);
    const { cookie } = await createTestUser();
    const back = (await settle(loader(args(authedRequest("/assine-o-bem?plano=personalizado&valor=25", { cookie }))))) as Response;
    expect(back.status).toBe(302);
    const id = decodeURIComponent(new URL(back.headers.get("Location")!).pathname.split("/").pop()!);
    expect(await checkoutLoader(args(authedRequest("/x"), { id }))).toMatchObject({ priceCents: 2500 });
  });

  it("in the portal, an 'outro valor' subscriber moves to a plan: the row keeps no custom amount", async () => {
    const { user, cookie } = await createTestUser();
    const response = (await action(
      args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "personalizado", valor: "80" })),
    )) as Response;
    const path = new URL(response.headers.get("Location")!).pathname;
    await checkoutAction(args(post(path, undefined, { intent: "pagar" }), { id: decodeURIComponent(path.split("/").pop()!) }));
    await deliveries();
    const [row] = await subscriptionRows();
    const portalPath = `/sandbox/portal/${row!.providerCustomerId}`;
    const portal = (await portalLoader(args(authedRequest(portalPath, { cookie }), { customer: row!.providerCustomerId }))) as {
      subscription: { plan: string };
    };
    expect(portal.subscription.plan).toBe("personalizado");
    await settle(portalAction(args(post(portalPath, cookie, { intent: "mudar", plano: "ouro" }), { customer: row!.providerCustomerId })));
    await deliveries();
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ plan: "ouro", customAmountCents: null, subscribed: true });
  });
});

describe("'outro valor' by Pix Automático (sandbox)", () => {
  it("authorises R$ 35 a month at the banco de testes; a month's charge is that amount", async () => {
    const { user, cookie } = await createTestUser();
    const started = (await action(
      args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "personalizado", valor: "35", metodo: "pix-automatico" })),
    )) as Response;
    const location = started.headers.get("Location")!;
    expect(location).toMatch(/\/sandbox\/pix-automatico\/cs_sbx_sub_/);
    const id = decodeURIComponent(location.split("/sandbox/pix-automatico/")[1]!);
    const bankPath = `http://localhost:3000/sandbox/pix-automatico/${id}`;
    expect(await bankLoader(args(new Request(bankPath), { id }))).toMatchObject({ planName: "Personalizado", priceCents: 3500 });
    await settle(bankAction(args(new Request(bankPath, { method: "POST", body: new URLSearchParams({ intent: "autorizar" }) }), { id })));
    await deliveries();
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "personalizado", customAmountCents: 3500 });
    await settle(bankAction(args(new Request(bankPath, { method: "POST", body: new URLSearchParams({ intent: "pagar-mes" }) }), { id })));
    await deliveries();
    expect((await chargeRows()).map((c) => c.amountCents)).toEqual([3500, 3500]);
  });
});
