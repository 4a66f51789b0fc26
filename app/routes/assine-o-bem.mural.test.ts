import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser, type TestUser } from "@tests/auth";
import { insertCause, insertInstitution } from "@tests/parties";
import { outbox, sandboxSubscriber, subscriptionEvent } from "@tests/subscriptions";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collectPersonalData } from "~/domain/accounts/personal-data.server";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import type { SubscriptionState } from "~/domain/payments/types";
import type { PlanId } from "~/domain/subscriptions/plans";
import { sendSubscriptionConfirmation } from "~/domain/subscriptions/subscribe.server";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { loader as assineLoader } from "./assine-o-bem";
import { loader as muralLoader } from "./assine-o-bem.mural";
import { action as contaAction, loader as contaLoader } from "./conta";
import { loader as successLoader } from "./subscription-success";

const GROUP = "https://chat.whatsapp.com/GrupoDosAssinantes";
const withGroup = testContext({ config: parseConfig({ ...process.env, SUBSCRIBERS_WHATSAPP_GROUP_URL: GROUP }) });
const withoutGroup = testContext();
const args = (request: Request, context = withoutGroup) => ({ request, params: {}, context }) as never;
const post = (cookie: string, fields: Record<string, string>) =>
  authedRequest("/conta", { method: "POST", cookie, body: new URLSearchParams(fields) });
type Reply = { data: { ok: boolean; message?: string; errors?: Record<string, string> }; init: { status: number } | null };

let subs = 0;
/** A user with a subscription in `status` on `plan`, through the provider's event, as in production. */
async function subscriber(plan: PlanId, name: string, status: SubscriptionState = "active"): Promise<TestUser> {
  const me = await createTestUser({ name });
  const customerId = await sandboxSubscriber(me.user.id);
  await processPaymentEvent(
    subscriptionEvent("updated", { subscriptionId: `sub_sbx_m${++subs}`, customerId, userId: me.user.id, plan, status }),
    withoutGroup,
  );
  return me;
}

describe("the supporters' mural and the subscribers' ranking", () => {
  it("counts active subscriptions per band and shows only the names of those who opted in, never an e-mail", async () => {
    const ana = await subscriber("diamante", "Ana Beatriz Souza");
    const bia = await subscriber("ouro", "Bianca Lima");
    const caio = await subscriber("ouro", "Caio Prado");
    const duda = await subscriber("bronze", "Duda Reis");
    await subscriber("prata", "Eva Lopes");
    await subscriber("ouro", "Fabio Antigo", "canceled");

    // Off by default: nobody is on the mural until they choose.
    let bands = (await muralLoader()).bands;
    expect(bands.map((b) => [b.plan, b.subscribers, b.names])).toEqual([
      ["diamante", 1, []],
      ["ouro", 2, []],
      ["prata", 1, []],
      ["bronze", 1, []],
    ]);

    // From /conta: the default name ("Ana S."), a chosen one, and a Bronze plan that does not include the mural.
    expect(((await contaAction(args(post(ana.cookie, { intent: "mural", mostrar: "sim", nomeMural: "" })))) as Reply).data.ok).toBe(true);
    await contaAction(args(post(bia.cookie, { intent: "mural", mostrar: "sim", nomeMural: "Família Lima" })));
    const refused = (await contaAction(args(post(duda.cookie, { intent: "mural", mostrar: "sim" })))) as Reply;
    expect(refused.init?.status).toBe(403);
    expect(refused.data.errors?.mostrar).toMatch(/Ouro e Diamante/);
    const email = (await contaAction(args(post(caio.cookie, { intent: "mural", mostrar: "sim", nomeMural: caio.user.email })))) as Reply;
    expect(email.init?.status).toBe(400);

    bands = (await muralLoader()).bands;
    expect(Object.fromEntries(bands.map((b) => [b.plan, b.names]))).toEqual({
      diamante: ["Ana S."],
      ouro: ["Família Lima"],
      prata: [],
      bronze: [],
    });
    expect(JSON.stringify(bands)).not.toContain("@");

    // Unticking takes the name off; the count stays.
    await contaAction(args(post(bia.cookie, { intent: "mural", nomeMural: "Família Lima" })));
    bands = (await muralLoader()).bands;
    expect(bands.find((b) => b.plan === "ouro")).toMatchObject({ subscribers: 2, names: [] });

    // A cancelled subscription leaves the ranking and the mural.
    await db.update(schema.subscriptions).set({ status: "canceled" }).where(eq(schema.subscriptions.userId, ana.user.id));
    expect((await muralLoader()).bands[0]).toMatchObject({ plan: "diamante", subscribers: 0, names: [] });

    // /assine-o-bem shows the same counts beside each band.
    const page = await assineLoader(args(authedRequest("/assine-o-bem")));
    expect("counts" in page && page.counts).toEqual({ ouro: 2, prata: 1, bronze: 1 });
  });

  it("/conta shows the benefits of the active plan; the WhatsApp group only with its link and only to plans that include it", async () => {
    const cause = await insertCause();
    await insertInstitution(cause.id, { name: "AADORA", isMain: true, email: "contato@aadora.org.br" });
    const ouro = await subscriber("ouro", "Olga Ouro");
    const bronze = await subscriber("bronze", "Bruno Bronze");
    const nobody = await createTestUser();

    const load = async (me: TestUser, context = withGroup) =>
      (await contaLoader(args(authedRequest("/conta", { cookie: me.cookie }), context))).benefits;
    expect(await load(nobody)).toBeNull();
    expect(await load(ouro)).toMatchObject({
      plan: { id: "ouro" },
      institutionName: "AADORA",
      whatsappGroupUrl: GROUP,
      mural: { included: true, optedIn: false, defaultName: "Olga O." },
      visit: { included: false },
    });
    expect((await load(ouro, withoutGroup))?.whatsappGroupUrl).toBeNull();
    expect((await load(bronze))?.whatsappGroupUrl).toBeNull();
    expect((await load(bronze))?.mural.included).toBe(false);
  });

  it("the subscription success page and the confirmation e-mail mention the group only when it exists", async () => {
    const me = await subscriber("prata", "Paula Prata");
    const confirmed = async (context: typeof withGroup) =>
      (await successLoader(args(authedRequest("/subscription-success", { cookie: me.cookie }), context))) as {
        plan: { whatsappGroupUrl: string | null; mural: boolean };
      };
    expect((await confirmed(withGroup)).plan).toMatchObject({ whatsappGroupUrl: GROUP, mural: false });
    expect((await confirmed(withoutGroup)).plan.whatsappGroupUrl).toBeNull();

    const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, me.user.id));
    await db.update(schema.subscriptions).set({ confirmationSentAt: null }).where(eq(schema.subscriptions.id, row!.id));
    await db.delete(schema.emailOutbox);
    await sendSubscriptionConfirmation(row!.id, withoutGroup);
    const [mail] = (await outbox()).filter((m) => m.template === "subscription-confirmation");
    expect(mail!.text).not.toMatch(/WhatsApp/);
    expect(mail!.text).toMatch(/relatório de impacto/);

    await db.update(schema.subscriptions).set({ confirmationSentAt: null }).where(eq(schema.subscriptions.id, row!.id));
    await db.delete(schema.emailOutbox);
    await sendSubscriptionConfirmation(row!.id, withGroup);
    const [again] = (await outbox()).filter((m) => m.template === "subscription-confirmation");
    expect(again!.text).toMatch(/convite para o grupo exclusivo de assinantes no WhatsApp/);
  });
});

describe("the Diamante plan's guided visit", () => {
  it("is stored, e-mailed to the institution with the subscriber as Reply-To, listed for the team, once a week", async () => {
    const cause = await insertCause();
    const org = await insertInstitution(cause.id, { name: "AADORA", isMain: true, email: "contato@aadora.org.br" });
    const me = await subscriber("diamante", "Diana Diamante");
    const ok = (await contaAction(
      args(post(me.cookie, { intent: "visita", datas: "Sábados de dezembro", pessoas: "3", mensagem: "Levo meus filhos." })),
    )) as Reply;
    expect(ok.data).toMatchObject({ ok: true });
    expect(ok.data.message).toMatch(/AADORA/);

    const [request] = await db.select().from(schema.visitRequests);
    expect(request).toMatchObject({
      userId: me.user.id,
      organizationId: org.id,
      people: 3,
      preferredDates: "Sábados de dezembro",
      sentTo: "contato@aadora.org.br",
    });
    const [mail] = (await outbox()).filter((m) => m.template === "visit-request");
    expect(mail).toMatchObject({ to: "contato@aadora.org.br", headers: { "Reply-To": me.user.email } });
    expect(mail!.text).toContain("Sábados de dezembro");
    expect(mail!.text).toContain("3 pessoas");

    // Listed for the admin.
    const { loadMessagesPanel } = await import("~/domain/content/contact-admin.server");
    const visits = (await loadMessagesPanel(1)).visits;
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ name: "Diana Diamante", email: me.user.email, institution: "AADORA" });

    // A second one the same week is refused with what was typed kept.
    const again = (await contaAction(args(post(me.cookie, { intent: "visita", datas: "Domingo", pessoas: "2" })))) as Reply & {
      data: { values: Record<string, string> };
    };
    expect(again.init?.status).toBe(409);
    expect(again.data.errors?.datas).toMatch(/já pediu uma visita/);
    expect(again.data.values.datas).toBe("Domingo");
    expect(await db.select().from(schema.visitRequests)).toHaveLength(1);

    // /conta lists it.
    const benefits = (await contaLoader(args(authedRequest("/conta", { cookie: me.cookie })))).benefits;
    expect(benefits?.visit.requests).toEqual([expect.objectContaining({ preferredDates: "Sábados de dezembro", people: 3 })]);
  });

  it("goes to the team when the institution has no e-mail, and is refused to other plans and bad input", async () => {
    const cause = await insertCause();
    await insertInstitution(cause.id, { name: "Casa Sem Email", isMain: true, email: null });
    const diamante = await subscriber("diamante", "Dora D.");
    await contaAction(args(post(diamante.cookie, { intent: "visita", datas: "Qualquer sábado", pessoas: "1" })));
    const [mail] = (await outbox()).filter((m) => m.template === "visit-request");
    expect(mail!.to).toBe(withoutGroup.config.CONTACT_EMAIL);

    const ouro = await subscriber("ouro", "Otto Ouro");
    const refused = (await contaAction(args(post(ouro.cookie, { intent: "visita", datas: "Sábado", pessoas: "2" })))) as Reply;
    expect(refused.init?.status).toBe(403);
    const bad = (await contaAction(args(post(diamante.cookie, { intent: "visita", datas: "", pessoas: "40" })))) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(Object.keys(bad.data.errors ?? {}).sort()).toEqual(["datas", "pessoas"]);
    expect(await db.select().from(schema.visitRequests)).toHaveLength(1);
  });

  it("the mural choice and the visit requests are in the data export and go with the account", async () => {
    const cause = await insertCause();
    await insertInstitution(cause.id, { isMain: true, email: "ong@exemplo.org" });
    const me = await subscriber("diamante", "Zuleide Zu");
    await contaAction(args(post(me.cookie, { intent: "mural", mostrar: "sim", nomeMural: "Zu" })));
    await contaAction(args(post(me.cookie, { intent: "visita", datas: "Maio", pessoas: "2" })));
    const exported = await collectPersonalData(
      { kind: "account", userId: me.user.id, email: me.user.email, emailVerified: false },
      new Date(),
    );
    expect(exported.supporterMural).toEqual([expect.objectContaining({ displayName: "Zu" })]);
    expect(exported.visitRequests).toEqual([expect.objectContaining({ preferredDates: "Maio", people: 2 })]);
    await db.delete(schema.user).where(eq(schema.user.id, me.user.id));
    expect(await db.select().from(schema.supporterMural)).toEqual([]);
    expect(await db.select().from(schema.visitRequests)).toEqual([]);
  });
});
