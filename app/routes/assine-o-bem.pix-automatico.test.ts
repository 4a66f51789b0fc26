/**
 * /assine-o-bem/pix-automatico with a PSP (local mTLS fake): /assine-o-bem sends "Assinar" with Pix
 * Automático to our page, the CPF creates the recurrence, the page shows its QR code to its owner
 * only, and "Já autorizei" (no JavaScript) turns it active once the bank app approved it.
 */
import { authedRequest, createTestUser } from "@tests/auth";
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { makeTestCertificates, startPixPspFake } from "@tests/pix-psp-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { getSubscriptionStatus } from "~/domain/subscriptions/subscriptions.server";
import { action as plansAction, loader as plansLoader } from "./assine-o-bem";
import { action, loader } from "./assine-o-bem.pix-automatico";

useTestDatabase();

const certs = makeTestCertificates();
let psp: Awaited<ReturnType<typeof startPixPspFake>>;
beforeAll(async () => {
  psp = await startPixPspFake(certs);
});
afterAll(async () => {
  await psp.close();
  certs.cleanup();
});

const contextWith = (automatico: string) =>
  testContext({
    config: parseConfig({
      ...process.env,
      PIX_API_URL: `${psp.url}/v2`,
      PIX_CLIENT_ID: "Client_Id_teste",
      PIX_CLIENT_SECRET: "Client_Secret_teste",
      PIX_CERT_PATH: certs.file("client.crt"),
      PIX_CERT_KEY_PATH: certs.file("client.key"),
      PIX_CA_PATH: certs.file("ca.crt"),
      PIX_KEY: "pix@festasolidaria.org.br",
      PIX_WEBHOOK_TOKEN: "a".repeat(40),
      PIX_AUTOMATICO: automatico,
    }),
  });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  authedRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie });
type Args = { request: Request; params: Record<string, string>; context: ReturnType<typeof testContext> };
const run = async (fn: (a: never) => unknown, a: Args) => {
  try {
    return (await fn(a as never)) as Response | Record<string, unknown>;
  } catch (thrown) {
    return thrown as Response;
  }
};
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200));

describe("Assine o Bem by Pix Automático at a PSP", () => {
  it("plan → CPF → QR code for its owner only → 'Já autorizei' makes it active", async () => {
    const context = contextWith("on");
    const { user, cookie } = await createTestUser({ name: "Rita Souza" });
    const other = await createTestUser();

    const chosen = (await run(plansAction, {
      request: post("/assine-o-bem", cookie, { intent: "assinar", plano: "prata", metodo: "pix-automatico" }),
      params: {},
      context,
    })) as Response;
    expect(chosen.headers.get("Location")).toBe("/assine-o-bem/pix-automatico?plano=prata");
    const form = (await run(loader, {
      request: authedRequest("/assine-o-bem/pix-automatico?plano=prata", { cookie }),
      params: {},
      context,
    })) as {
      state: string;
      amountCents: number;
    };
    expect(form).toMatchObject({ state: "cpf", amountCents: 5000 });

    const bad = await run(action, {
      request: post("/assine-o-bem/pix-automatico", cookie, { intent: "criar", plano: "prata", cpf: "123" }),
      params: {},
      context,
    });
    expect(statusOf(bad)).toBe(400);
    const created = (await run(action, {
      request: post("/assine-o-bem/pix-automatico", cookie, { intent: "criar", plano: "prata", cpf: "529.982.247-25" }),
      params: {},
      context,
    })) as Response;
    const page = created.headers.get("Location")!;
    expect(page).toMatch(/^\/assine-o-bem\/pix-automatico\/RR\w{27}$/);
    const rec = page.split("/").at(-1)!;

    const waiting = (await run(loader, { request: authedRequest(page, { cookie }), params: { rec }, context })) as {
      state: string;
      qr: string;
      copyPaste: string;
    };
    expect(waiting.state).toBe("aguardando");
    expect(waiting.qr).toMatch(/^data:image\/svg\+xml/);
    expect(waiting.copyPaste).toContain("/qr/v2/rec/");
    // Someone else's recurrence: not found, and nothing applied.
    expect(statusOf(await run(loader, { request: authedRequest(page, { cookie: other.cookie }), params: { rec }, context }))).toBe(404);
    expect(statusOf(await run(action, { request: post(page, other.cookie, { intent: "ja-autorizei" }), params: { rec }, context }))).toBe(
      404,
    );
    // Signed out: to the login.
    expect(statusOf(await run(loader, { request: authedRequest(page), params: { rec }, context }))).toBe(302);

    psp.recStatus(rec, "APROVADA");
    const refreshed = (await run(action, {
      request: post(page, cookie, { intent: "ja-autorizei" }),
      params: { rec },
      context,
    })) as Response;
    expect(refreshed.headers.get("Location")).toBe(page);
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: true, plan: "prata" });
    expect(await run(loader, { request: authedRequest(page, { cookie }), params: { rec }, context })).toMatchObject({ state: "ativa" });
  });

  it("refused or expired in the bank: the page and /assine-o-bem say so, nothing was charged, starting again makes a new recurrence", async () => {
    const context = contextWith("on");
    const { user, cookie } = await createTestUser({ name: "Caio Prado" });
    const create = async () =>
      (
        (await run(action, {
          request: post("/assine-o-bem/pix-automatico", cookie, { intent: "criar", plano: "ouro", cpf: "529.982.247-25" }),
          params: {},
          context,
        })) as Response
      ).headers.get("Location")!;
    const page = await create();
    const rec = page.split("/").at(-1)!;
    const view = () => run(loader, { request: authedRequest(page, { cookie }), params: { rec }, context });

    // Expired at the PSP, before its webhook arrives: the page reads it from the PSP.
    psp.recStatus(rec, "EXPIRADA");
    expect(await view()).toMatchObject({ state: "recusada", reason: "expirada", plan: "ouro" });
    expect((await getSubscriptionStatus(user.id)).status).toBe("incomplete");
    // "Já autorizei" applies it through the subscription events: the row ends.
    await run(action, { request: post(page, cookie, { intent: "ja-autorizei" }), params: { rec }, context });
    expect(await getSubscriptionStatus(user.id)).toMatchObject({ subscribed: false, plan: null, status: "incomplete_expired" });
    expect(await view()).toMatchObject({ state: "recusada", reason: "nao-concluida" });
    const plans = await run(plansLoader, {
      request: authedRequest("/assine-o-bem?metodo=pix-automatico", { cookie }),
      params: {},
      context,
    });
    expect(plans).toMatchObject({ refused: true, subscription: null, method: "pix-automatico" });
    expect(plans).not.toHaveProperty("ended");

    // Starting again does not reuse the ended recurrence.
    const again = await create();
    expect(again).toMatch(/^\/assine-o-bem\/pix-automatico\/RR\w{27}$/);
    expect(again).not.toBe(page);
  });

  it("without PIX_AUTOMATICO the page does not exist", async () => {
    const context = contextWith("off");
    const { cookie } = await createTestUser();
    const r = await run(loader, { request: authedRequest("/assine-o-bem/pix-automatico?plano=prata", { cookie }), params: {}, context });
    expect(statusOf(r)).toBe(404);
  });
});
