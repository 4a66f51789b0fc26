import { testContext, testSandboxQueue } from "@tests/context";
import { useTestDatabase, readableRows } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { sandboxSubscriber, subscriptionEvent, subscriptionRow } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { sendSubscriptionConfirmation } from "~/domain/subscriptions/subscribe.server";
import { planManageToken } from "~/domain/subscriptions/manage-link.server";
import { db, schema } from "~/platform/db.server";
import { signToken } from "~/platform/signed-link.server";
import { action, loader } from "./assinatura.gerenciar";
import { action as confirmAction, loader as confirmLoader } from "./assinatura.confirmar";
import { loader as portalLoader } from "./sandbox.portal.$customer";

const args = (request: Request, context: ReturnType<typeof testContext>, params: Record<string, string> = {}) =>
  ({ request, params, context }) as never;

/** A subscriber with an active Prata plan, and the confirmation e-mail's management link. */
async function subscriber(providerSubscriptionId: string) {
  const sandbox = testSandboxQueue();
  const context = testContext({ payments: { sandboxEvents: sandbox } });
  const me = await createTestUser({ name: "Sara Assinante" });
  const customerId = await sandboxSubscriber(me.user.id);
  await processPaymentEvent(
    subscriptionEvent("updated", {
      subscriptionId: providerSubscriptionId,
      customerId,
      userId: me.user.id,
      plan: "prata",
      at: new Date(Date.now() - 60_000),
    }),
    context,
  );
  const row = (await subscriptionRow(providerSubscriptionId))!;
  await sendSubscriptionConfirmation(row.id, context);
  const mails = await readableRows(
    db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "subscription-confirmation")),
  );
  const mail = mails.find((m) => m.to === me.user.email);
  const link = new URL(mail!.text.match(/http\S+\/assinatura\/gerenciar\?token=\S+/)![0]);
  return { me, row, sandbox, context, link, customerId };
}

const post = (link: URL, fields: Record<string, string>) =>
  authedRequest("/assinatura/gerenciar", {
    method: "POST",
    body: new URLSearchParams({ token: link.searchParams.get("token")!, ...fields }),
  });

describe("/assinatura/gerenciar (the plan-management link)", () => {
  it("every subscription e-mail carries a link to this one subscription; it cancels without a password, confirmed by e-mail and audited", async () => {
    const { me, row, sandbox, context, link } = await subscriber("sub_sbx_link1");
    const page = (await loader(args(authedRequest(link.pathname + link.search), context))) as {
      view: string;
      plan: { id: string };
      live: boolean;
    };
    expect(page).toMatchObject({ view: "manage", plan: { id: "prata" }, live: true });

    const result = (await action(args(post(link, { intent: "cancelar" }), context))) as { data: { ok: boolean } };
    expect(result.data.ok).toBe(true);
    expect(sandbox.queued.map((e) => e.type)).toEqual(["subscription.updated"]);
    await sandbox.flush();
    expect(await subscriptionRow("sub_sbx_link1")).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    const [mail] = await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "subscription-cancel")));
    expect(mail?.to).toBe(me.user.email);
    expect(mail?.text).toContain("/assinatura/gerenciar?token=");
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, row.id));
    expect(audit).toMatchObject({ action: "subscription.cancel", actorUserId: null });

    // The payment-failed e-mail carries its own link: pay the month or update the card (issue 30).
    await processPaymentEvent(
      subscriptionEvent("invoice_failed", { subscriptionId: "sub_sbx_link1", invoice: { id: "in_fail_1" } }),
      context,
    );
    const [failed] = await readableRows(
      db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "subscription-payment-failed")),
    );
    expect(failed?.text).toMatch(/\/assinatura\/regularizar\?token=/);
  });

  it("changes to a cheaper plan and opens the payment page, both for that subscription only", async () => {
    const { row, sandbox, context, link, customerId } = await subscriber("sub_sbx_link2");
    const changed = (await action(args(post(link, { intent: "mudar", plano: "bronze" }), context))) as { data: { ok: boolean } };
    expect(changed.data.ok).toBe(true);
    await sandbox.flush();
    expect((await subscriptionRow("sub_sbx_link2"))?.plan).toBe("bronze");
    expect(
      await readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "subscription-change-plan"))),
    ).toHaveLength(1);

    const portal = (await action(args(post(link, { intent: "pagamento" }), context))) as Response;
    const location = new URL(portal.headers.get("Location")!);
    expect(location.pathname).toBe(`/sandbox/portal/${customerId}`);
    // The portal session URL lets its holder in without a session; the bare portal asks to log in.
    const opened = (await portalLoader(args(authedRequest(location.pathname + location.search), context, { customer: customerId }))) as {
      subscription: { plan: string };
    };
    expect(opened.subscription.plan).toBe("bronze");
    const bare = (await portalLoader(args(authedRequest(location.pathname), context, { customer: customerId })).catch(
      (r) => r,
    )) as Response;
    expect(bare.status).toBe(302);
    const forged = `${location.search.replace(/[0-9a-f]{4}$/, "0000")}`;
    const refused = (await portalLoader(args(authedRequest(location.pathname + forged), context, { customer: customerId })).catch(
      (r) => r,
    )) as Response;
    expect(refused.status).toBe(302);
    void row;
  });

  it("a change that costs more asks for a fresh single-use link by e-mail each time; the 7-day link alone never upgrades (issue 31)", async () => {
    const { me, sandbox, context, link } = await subscriber("sub_sbx_link4");
    const confirmations = () =>
      readableRows(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.template, "plan-change-confirmation")));

    const asked = (await action(args(post(link, { intent: "mudar", plano: "diamante" }), context))) as {
      data: { ok: boolean; message: string };
    };
    expect(asked.data).toMatchObject({ ok: true, message: expect.stringMatching(/e-mail/) });
    expect(sandbox.queued).toHaveLength(0);
    await sandbox.flush();
    expect((await subscriptionRow("sub_sbx_link4"))?.plan).toBe("prata");
    const [mail] = await confirmations();
    expect(mail?.to).toBe(me.user.email);
    const confirmLink = new URL(mail!.text.match(/http\S+\/assinatura\/confirmar\?token=\S+/)![0]);
    const confirmToken = confirmLink.searchParams.get("token")!;

    // Opening the link shows what will change and changes nothing (mail scanners open links too).
    const shown = (await confirmLoader(args(authedRequest(confirmLink.pathname + confirmLink.search), context))) as {
      view: string;
      to: { name: string };
    };
    expect(shown).toMatchObject({ view: "confirm", to: { name: "Diamante" } });
    expect(sandbox.queued).toHaveLength(0);

    const confirm = () =>
      confirmAction(
        args(authedRequest("/assinatura/confirmar", { method: "POST", body: new URLSearchParams({ token: confirmToken }) }), context),
      ) as Promise<{ data: { ok: boolean; message: string } }>;
    expect((await confirm()).data.ok).toBe(true);
    await sandbox.flush();
    expect((await subscriptionRow("sub_sbx_link4"))?.plan).toBe("diamante");

    // Used once: the same link changes nothing more, even after the plan went back.
    const again = await confirm();
    expect(again.data).toMatchObject({ ok: false, message: expect.stringMatching(/já foi usado/) });
    expect(sandbox.pending).toBe(0);

    // Each costly change needs its own link: the management link only sends another one.
    await action(args(post(link, { intent: "mudar", plano: "bronze" }), context));
    await sandbox.flush();
    await action(args(post(link, { intent: "mudar", plano: "ouro" }), context));
    expect(sandbox.pending).toBe(0);
    expect((await subscriptionRow("sub_sbx_link4"))?.plan).toBe("bronze");
    expect(await confirmations()).toHaveLength(2);
  });

  it("an expired, tampered or foreign link shows a clear page and changes nothing", async () => {
    const { row, sandbox, context, link } = await subscriber("sub_sbx_link3");
    const token = link.searchParams.get("token")!;
    const [body, sig] = token.split(".") as [string, string];
    const other = await subscriber("sub_sbx_link3b");
    const swapped = `${other.link.searchParams.get("token")!.split(".")[0]}.${sig}`;
    const later = testContext({
      payments: { sandboxEvents: sandbox },
      clock: { now: () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000) },
    });
    const cases: Array<[string, ReturnType<typeof testContext>, string, number]> = [
      [`${body}.${sig.slice(0, -2)}zz`, context, "Link inválido", 400],
      [swapped, context, "Link inválido", 400],
      [signToken("privacy-request", { s: row.id }, 600), context, "Link inválido", 400],
      [planManageToken(row.id, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)), context, "Link expirado", 410],
      [token, later, "Link expirado", 410],
      ["", context, "Link inválido", 400],
    ];
    for (const [bad, ctx, title, status] of cases) {
      const page = (await loader(args(authedRequest(`/assinatura/gerenciar?token=${encodeURIComponent(bad)}`), ctx))) as {
        data: { view: string; title: string };
        init: { status: number };
      };
      expect(page.data, bad).toMatchObject({ view: "bad-link", title });
      expect(page.init.status).toBe(status);
      expect(JSON.stringify(page)).not.toMatch(/prata|Prata|@/);
      const refused = (await action(
        args(
          authedRequest("/assinatura/gerenciar", { method: "POST", body: new URLSearchParams({ token: bad || "x", intent: "cancelar" }) }),
          ctx,
        ),
      )) as { data: { ok: boolean } };
      expect(refused.data.ok).toBe(false);
    }
    expect(sandbox.queued).toHaveLength(0);
    expect(await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, row.id))).toHaveLength(0);
    expect((await subscriptionRow("sub_sbx_link3"))?.cancelAtPeriodEnd).toBe(false);
  });
});
