/**
 * Assine o Bem by Pix Automático in the sandbox (docs/decisions/150-pix.md, "Pix Automático"): the
 * subscriber picks Pix Automático on /assine-o-bem, authorises the recurrence at the banco de
 * testes, a month's charge is paid, another fails (e-mail), and revoking in the bank cancels the
 * plan here too (e-mail) — every step a signed event through the sandbox webhook.
 */
import { authedRequest, createTestUser } from "@tests/auth";
import { testContext, testSandboxQueue } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { outbox } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { hasError, isRecurrencePix, parsePix } from "pix-utils";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { action as assineAction, loader as assineLoader } from "./assine-o-bem";
import { action as bankAction, loader as bankLoader } from "./sandbox.pix-automatico.$id";

useTestDatabase();

type Fn = (args: never) => unknown;
const run = async (fn: Fn, context: AppLoadContext, request: Request, params: Record<string, string> = {}) => {
  try {
    return (await fn({ request, params, context } as never)) as Response & Record<string, unknown>;
  } catch (thrown) {
    return thrown as Response & Record<string, unknown>;
  }
};
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200));
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  authedRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie });

describe("Assine o Bem by Pix Automático (sandbox)", () => {
  it("authorise, a month paid, a month failed, cancelled in the bank: the plan follows, with e-mails", async () => {
    const { user, cookie } = await createTestUser({ name: "Carla Mendes" });
    const queue = testSandboxQueue();
    const context = testContext({ payments: { sandboxEvents: queue } });

    // The page offers the choice (the sandbox has Pix Automático) and keeps it in the plan buttons.
    const page = await run(assineLoader as Fn, context, authedRequest("/assine-o-bem?metodo=pix-automatico", { cookie }));
    expect(page).toMatchObject({ method: "pix-automatico", subscription: null });

    const started = await run(
      assineAction as Fn,
      context,
      post("/assine-o-bem", { intent: "assinar", plano: "prata", metodo: "pix-automatico" }, cookie),
    );
    expect(started.status).toBe(302);
    const location = started.headers.get("Location")!;
    expect(location).toMatch(/\/sandbox\/pix-automatico\/cs_sbx_sub_/);
    const id = decodeURIComponent(location.split("/sandbox/pix-automatico/")[1]!);
    const bank = () => run(bankLoader as Fn, context, new Request(`http://localhost:3000/sandbox/pix-automatico/${id}`), { id });
    const click = (intent: string) =>
      run(
        bankAction as Fn,
        context,
        new Request(`http://localhost:3000/sandbox/pix-automatico/${id}`, { method: "POST", body: new URLSearchParams({ intent }) }),
        { id },
      );

    const fresh = await bank();
    expect(fresh).toMatchObject({ state: "nova", planName: "Prata", priceCents: 5000 });
    const brCode = parsePix(fresh.brCode as string);
    expect(hasError(brCode)).toBe(false);
    expect(!hasError(brCode) && isRecurrencePix(brCode)).toBe(true);
    expect(fresh.qr).toMatch(/^data:image\/svg\+xml/);
    // A forged page address is nobody's recurrence.
    expect(statusOf(await run(bankLoader as Fn, context, new Request("http://localhost:3000/x"), { id: `${id}x` }))).toBe(404);

    expect((await click("autorizar")).headers.get("Location")).toBe("/subscription-success");
    // Like a real bank: nothing changes here until the signed events arrive.
    expect((await getSubscriptionStatus(user.id)).status).toBe(null);
    expect((await queue.flush()).map((r) => r.status)).toEqual([200, 200]);
    const active = await getSubscriptionStatus(user.id);
    expect(active).toMatchObject({ subscribed: true, plan: "prata", status: "active" });
    const charges = () => db.select().from(schema.subscriptionCharges);
    expect((await charges()).map((c) => c.amountCents)).toEqual([5000]);
    // Authorising the same QR code again is refused (one recurrence).
    expect(statusOf(await click("autorizar"))).toBe(409);

    await click("pagar-mes");
    await queue.flush();
    expect((await charges()).map((c) => c.amountCents)).toEqual([5000, 5000]);
    const after = await getSubscriptionStatus(user.id);
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(active.currentPeriodEnd!.getTime());

    await click("falhar-mes");
    await queue.flush();
    expect((await getSubscriptionStatus(user.id)).status).toBe("past_due");
    expect((await outbox()).map((m) => m.template)).toContain("subscription-payment-failed");
    // The PSP's retry succeeds: the same month's charge, paid.
    await click("pagar-mes");
    await queue.flush();
    expect((await getSubscriptionStatus(user.id)).status).toBe("active");
    expect(await charges()).toHaveLength(3);

    await click("cancelar-no-banco");
    await queue.flush();
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, status: "canceled" });
    const mails = (await outbox()).filter((m) => m.template === "subscription-bank-cancel");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("app do seu banco");
    expect((await bank()).state).toBe("canceled");
    expect(statusOf(await click("pagar-mes"))).toBe(409);
    const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, user.id));
    expect(row!.providerSubscriptionId).toMatch(/^RR00000000\d{8}[0-9a-f]{11}$/);
  });

  it("card stays the default: without the choice the plan button opens the card checkout", async () => {
    const { cookie } = await createTestUser({ name: "Davi Rocha" });
    const context = testContext({ payments: { sandboxEvents: testSandboxQueue() } });
    const res = await run(assineAction as Fn, context, post("/assine-o-bem", { intent: "assinar", plano: "ouro" }, cookie));
    expect(res.headers.get("Location")).toMatch(/\/sandbox\/assinatura\//);
  });
});
