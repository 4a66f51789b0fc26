import { testContext, testSandboxQueue } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { chargeRows, outbox, sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { describe, expect, it, vi } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { action, loader } from "./assinatura.regularizar";
import { action as bankAction, loader as bankLoader } from "./sandbox.pix.$txid";
import { loader as accountLoader } from "./conta";

const args = (request: Request, context: ReturnType<typeof testContext>, params: Record<string, string> = {}) =>
  ({ request, params, context }) as never;

type MonthPage = {
  view: "month";
  month: { status: string; amountCents: number; nextAttemptAt: string | null };
  pix: { copyPaste: string; testBank: string | null } | null;
  canUseCard: boolean;
};

/** A card subscriber whose November charge just failed, and the link its e-mail carries. */
async function failedMonth() {
  const sandbox = testSandboxQueue();
  const context = testContext({ payments: { sandboxEvents: sandbox } });
  const me = await createTestUser({ name: "Rita Atraso" });
  const customerId = await sandboxSubscriber(me.user.id);
  await processPaymentEvent(subscriptionEvent("updated", { customerId, userId: me.user.id, at: new Date(Date.now() - 60_000) }), context);
  await processPaymentEvent(
    subscriptionEvent("invoice_failed", { customerId, at: new Date(), invoice: { id: "in_rita", amountCents: 5000 } }),
    context,
  );
  const mail = (await outbox()).find((m) => m.template === "subscription-payment-failed")!;
  const link = new URL(/(http\S+\/assinatura\/regularizar\?token=\S+)/.exec(mail.text)![1]!);
  return { context, sandbox, me, link: link.pathname + link.search, token: link.searchParams.get("token")! };
}

const post = (body: Record<string, string>) =>
  authedRequest("/assinatura/regularizar", { method: "POST", body: new URLSearchParams(body) });

describe("/assinatura/regularizar (issue 30)", () => {
  it("shows the month, makes its one-off Pix, and the Pix paid at the sandbox's bank brings the plan back with its receipt", async () => {
    const { context, sandbox, me, link, token } = await failedMonth();
    const page = (await loader(args(authedRequest(link), context))) as MonthPage;
    expect(page).toMatchObject({ view: "month", month: { status: "open", amountCents: 5000 }, pix: null, canUseCard: true });
    expect(page.month.nextAttemptAt).not.toBeNull();

    // /conta shows the month in arrears with the next try.
    const account = (await accountLoader(args(authedRequest("/conta", { cookie: me.cookie }), context))) as {
      recovery: { status: string; nextAttemptAt: string | null; href: string } | null;
    };
    expect(account.recovery).toMatchObject({ status: "open", nextAttemptAt: page.month.nextAttemptAt });
    expect(account.recovery!.href).toMatch(/^\/assinatura\/regularizar\?token=/);

    const made = (await action(args(post({ token, intent: "pix" }), context))) as Response;
    expect(made.status).toBe(302);
    const withPix = (await loader(args(authedRequest(link), context))) as MonthPage;
    expect(withPix.pix?.copyPaste).toMatch(/^000201/);
    // A second click shows the same code.
    await action(args(post({ token, intent: "pix" }), context));
    expect(((await loader(args(authedRequest(link), context))) as MonthPage).pix?.copyPaste).toBe(withPix.pix!.copyPaste);

    const txid = withPix.pix!.testBank!.split("/").at(-1)!;
    expect(await bankLoader(args(authedRequest(withPix.pix!.testBank!), context, { txid }))).toMatchObject({ amountCents: 5000 });
    await bankAction(
      args(authedRequest(withPix.pix!.testBank!, { method: "POST", body: new URLSearchParams({ intent: "pagar" }) }), context, { txid }),
    );
    await sandbox.flush();
    // The webhook answers once the Pix is recorded; a loaded machine may finish the month after it.
    await vi.waitFor(async () => expect(await subscriptionRow()).toMatchObject({ status: "active" }), { timeout: 15_000, interval: 100 });
    expect((await chargeRows()).map((c) => c.providerInvoiceId)).toEqual(["in_rita"]);
    expect((await outbox()).filter((m) => m.template === "subscription-receipt")).toHaveLength(1);

    // Paid: the link only says so, and makes nothing more.
    expect(((await loader(args(authedRequest(link), context))) as MonthPage).month.status).toBe("recovered");
    const again = await action(args(post({ token, intent: "pix" }), context));
    expect((again as { init: { status: number } }).init.status).toBe(409);
    expect(
      ((await accountLoader(args(authedRequest("/conta", { cookie: me.cookie }), context))) as { recovery: unknown }).recovery,
    ).toBeNull();
  });

  it("the card portal opens once per link", async () => {
    const { context, token } = await failedMonth();
    const first = (await action(args(post({ token, intent: "cartao" }), context))) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/\/sandbox\/portal\//);
    const second = await action(args(post({ token, intent: "cartao" }), context));
    expect((second as { init: { status: number } }).init.status).toBe(409);
  });

  it("a forged or altered link shows nothing and makes nothing", async () => {
    const { context, token } = await failedMonth();
    const forged = await loader(args(authedRequest("/assinatura/regularizar?token=forjado"), context));
    expect((forged as { init: { status: number } }).init.status).toBe(400);
    const altered = await action(args(post({ token: `${token.slice(0, -2)}xx`, intent: "pix" }), context));
    expect((altered as { init: { status: number } }).init.status).toBe(400);
  });
});
