/**
 * "Que tal todo mês?" through the real pages (decision 213): the result page of a paid one-off gift
 * offers the nearest plan, its button reaches the plan's sandbox checkout (through sign-up for a
 * guest, name and e-mail filled in), and the subscription that follows is linked to the gift and
 * counted on the admin dashboard, which only admins read.
 */
import { testContext, testSandboxQueue } from "@tests/context";
import type { AppLoadContext } from "react-router";
import { useTestDatabase } from "@tests/database";
import { authedRequest, createTestUser } from "@tests/auth";
import { givingSetup, insertPendingGift, insertPendingPixGift } from "@tests/donations";
import { insertPaidGift } from "@tests/parties";
import { adminTabLoader } from "@tests/admin";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";
import { pixPageRef } from "~/domain/donations/pix-checkout.server";
import { signGiftRef } from "~/domain/donations/gift-result.server";
import { action as doarAction } from "./doar";
import { action as giftCheckoutAction } from "./sandbox.checkout.$id";
import { loader as resultLoader } from "./doacao-sucesso";
import { loader as pixLoader } from "./doar.pix.$ref";
import { action as plansAction, loader as plansLoader } from "./assine-o-bem";
import { loader as authLoader } from "./auth";
import { action as subscriptionCheckoutAction } from "./sandbox.assinatura.$id";
import { loader as subscriptionSuccessLoader } from "./subscription-success";

useTestDatabase();

let sandbox: ReturnType<typeof testSandboxQueue>;
let context: AppLoadContext;
beforeEach(() => {
  sandbox = testSandboxQueue();
  context = testContext({ payments: { sandboxEvents: sandbox }, clientIp: "10.1.2.3" });
});
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context }) as never;
const post = (path: string, cookie: string | undefined, fields: Record<string, string>) =>
  authedRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie });
const settle = (p: unknown) => Promise.resolve(p).catch((r: unknown) => r);
async function deliveries() {
  for (const response of await sandbox.flush()) expect(response.status).toBe(200);
}
type Nudge = { plan: { id: string; name: string }; ref: string; pixAutomatico: boolean; dismiss: string } | null;
const resultPage = async (url: string, cookie?: string) =>
  (await resultLoader(args(authedRequest(url, { cookie })))) as { state: string; nudge?: Nudge };

/** A guest gives R$ 45 on /doar and pays on the sandbox's page: the result page's address. */
async function guestGives() {
  const { party } = await givingSetup();
  const form = { valorPersonalizado: "45,00", nome: "Cecília Araújo", email: "cecilia@exemplo.com.br", festa: party.shareCode };
  const toCheckout = (await doarAction(args(post(`/doar?festa=${party.shareCode}`, undefined, form)))) as Response;
  const checkout = new URL(toCheckout.headers.get("Location")!);
  const id = checkout.pathname.split("/").pop()!;
  const back = (await giftCheckoutAction(args(post(checkout.pathname, undefined, { intent: "pagar" }), { id }))) as Response;
  return back.headers.get("Location")!;
}

describe("the result page offers 'Que tal todo mês?' only for a paid one-off gift", () => {
  it("not while the payment is being confirmed; once paid, the nearest plan; 'Agora não' hides it", async () => {
    const result = await guestGives();
    const waiting = await resultPage(result);
    expect(waiting.state).toBe("waiting");
    expect(waiting.nudge).toBeUndefined();
    expect(await db.select().from(schema.monthlyNudges)).toHaveLength(0);

    await deliveries();
    const paid = await resultPage(result);
    expect(paid.state).toBe("paid");
    // R$ 45: Prata (R$ 50) is nearer than Bronze (R$ 30). The sandbox offers Pix Automático too.
    expect(paid.nudge).toMatchObject({ plan: { id: "prata", name: "Prata" }, pixAutomatico: true });
    expect(JSON.stringify(paid.nudge)).not.toContain("cecilia");
    expect((await resultPage(paid.nudge!.dismiss)).nudge).toBeNull();
  });

  it("the Pix page shows it once paid, not while waiting for the Pix", async () => {
    const secret = context.config.APP_SECRET;
    const pending = await insertPendingPixGift(null);
    const pendingRef = pixPageRef(pending.id, secret);
    const waiting = (await pixLoader(args(authedRequest(`/doar/pix/${pendingRef}`), { ref: pendingRef }))) as {
      state: string;
      nudge?: Nudge;
    };
    expect(waiting.state).toBe("aguardando");
    expect(waiting.nudge).toBeUndefined();
    const gift = await insertPaidGift(null, { amountCents: 10_000 });
    await db.update(schema.donations).set({ paymentMethod: "pix" }).where(eq(schema.donations.id, gift.id));
    const ref = pixPageRef(gift.id, secret);
    const paid = (await pixLoader(args(authedRequest(`/doar/pix/${ref}`), { ref }))) as { state: string; nudge: Nudge };
    expect(paid.state).toBe("paga");
    expect(paid.nudge?.plan.id).toBe("diamante");
  });

  it("not on a subscription's own result page; a signed-in donor without a plan sees it", async () => {
    const { cookie } = await createTestUser();
    const success = (await settle(subscriptionSuccessLoader(args(authedRequest("/subscription-success", { cookie }))))) as object;
    expect(success).toBeTypeOf("object");
    expect("nudge" in success).toBe(false);
    const gift = await insertPaidGift(null);
    const url = `/doacao-sucesso?ref=${encodeURIComponent(signGiftRef(gift.id, new Date()))}`;
    expect((await resultPage(url, cookie)).nudge).toBeTruthy();
  });
});

describe("from the card to a monthly plan, measured", () => {
  it("a guest taps, signs up with the gift's name and e-mail, pays the preselected plan; admin counts one donor", async () => {
    const result = await guestGives();
    await deliveries();
    const { nudge } = await resultPage(result);

    // The card's button, as the browser posts it (no session yet): to sign-up, the reference riding along.
    const tapped = (await plansAction(
      args(post("/assine-o-bem", undefined, { intent: "assinar", plano: nudge!.plan.id, metodo: "cartao", convite: nudge!.ref })),
    )) as Response;
    const auth = tapped.headers.get("Location")!;
    expect(auth).toMatch(/^\/auth\?redirectTo=.+&tab=cadastro$/);
    expect(auth).not.toContain("cecilia");
    const signUp = (await authLoader(args(authedRequest(auth)))) as { tab: string; prefill: unknown; redirectTo: string };
    expect(signUp).toMatchObject({ tab: "cadastro", prefill: { name: "Cecília Araújo", email: "cecilia@exemplo.com.br" } });

    // Signed up, back on the plan: straight on to the Prata checkout, and the server notes the nudge.
    const { cookie, user } = await createTestUser({ name: "Cecília Araújo", email: "cecilia@exemplo.com.br" });
    const toCheckout = (await settle(plansLoader(args(authedRequest(signUp.redirectTo, { cookie }))))) as Response;
    const checkout = new URL(toCheckout.headers.get("Location")!);
    expect(checkout.pathname).toMatch(/^\/sandbox\/assinatura\//);
    const id = decodeURIComponent(checkout.pathname.split("/").pop()!);
    await subscriptionCheckoutAction(args(post(checkout.pathname, undefined, { intent: "pagar" }), { id }));
    await deliveries();

    const [subscription] = await db.select().from(schema.subscriptions);
    expect(subscription).toMatchObject({ userId: user.id, plan: "prata", status: "active" });
    const [row] = await db.select().from(schema.monthlyNudges);
    expect(row).toMatchObject({ userId: user.id, subscriptionId: subscription!.id });

    const admin = await createTestUser({ admin: true });
    const dashboard = (await adminTabLoader(args(authedRequest("/admin", { cookie: admin.cookie })))) as {
      data: { nudge: { shown: number; started: number; converted: number; donors: number } };
    };
    expect(dashboard.data.nudge).toMatchObject({ shown: 1, started: 1, converted: 1, donors: 1 });
    // A donor (not an admin) never reads it: the dashboard sends them away.
    const refused = (await settle(adminTabLoader(args(authedRequest("/admin", { cookie }))))) as Response;
    expect(refused).toBeInstanceOf(Response);
    expect(refused.headers.get("Location")).toBe("/");
  });

  it("a forged or foreign reference in the form links nothing", async () => {
    const { cookie } = await createTestUser();
    const pending = await insertPendingGift(null);
    const forged = `${"x".repeat(60)}.${"y".repeat(43)}`;
    for (const convite of [forged, signGiftRef(pending.id, new Date())]) {
      await settle(plansAction(args(post("/assine-o-bem", cookie, { intent: "assinar", plano: "prata", convite }))));
    }
    expect(await db.select().from(schema.monthlyNudges)).toHaveLength(0);
  });
});
