/**
 * The admin panel's authorization matrix: the panel's frame, every tab route's loader, every intent
 * each tab's action declares (both read from app/routes.ts, so a new tab or intent cannot be
 * forgotten) and the CSV export, for an anonymous visitor, a signed-in user and an admin. Only the
 * admin gets through; the others change nothing at all.
 */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminGet, adminPost, adminTabRoutes, countAudit, outcome, routeArgs, snapshotDatabase } from "@tests/admin";
import { ADMIN_INTENT_SAMPLES, setupAdminIntentWorld } from "@tests/admin-intents";
import { describe, expect, it } from "vitest";
import { ADMIN_TAB_IDS } from "~/components/admin/tabs";
import { loader as layoutLoader } from "./admin/layout";
import { loader as csvLoader } from "./admin.doacoes[.]csv";

const TAB_ROUTES = await adminTabRoutes();
/** Every (tab, intent) pair: an intent two tabs share (a refund) is checked on both. */
const TAB_INTENTS = TAB_ROUTES.flatMap((route) => route.module.action.intents.map((intent) => ({ route, intent })));
describe("admin authorization matrix", () => {
  it("has one tab route per tab and a sample for every intent the tab routes declare", () => {
    expect(TAB_ROUTES.map((route) => route.path)).toEqual(ADMIN_TAB_IDS.map((tab) => (tab === "dashboard" ? "/admin" : `/admin/${tab}`)));
    expect(Object.keys(ADMIN_INTENT_SAMPLES).sort()).toEqual([...new Set(TAB_INTENTS.map((pair) => pair.intent))].sort());
  });

  it("the panel's frame: anonymous → /auth, user → /, admin → the page; an old ?aba= link moves to the tab", async () => {
    const { user, admin } = await setupAdminIntentWorld();
    const anonymous = await outcome(() => layoutLoader(routeArgs(adminGet("/admin/equipe"))));
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/equipe")}`);
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=equipe", user.cookie))))).location).toBe("/");
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin", admin.cookie))))).status).toBe(200);
    const moved = await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=festas&q=ana", admin.cookie))));
    expect(moved).toMatchObject({ status: 302, location: "/admin/festas?q=ana" });
    expect((await outcome(() => layoutLoader(routeArgs(adminGet("/admin?aba=nada", admin.cookie))))).location).toBe("/admin");
  });

  it.each(TAB_ROUTES.map((route) => [route.path, route] as const))(
    "tab %s: anonymous → /auth, user → / with 'Acesso negado', admin → the tab",
    async (path, route) => {
      const { user, admin } = await setupAdminIntentWorld();
      const before = await snapshotDatabase();

      const anonymous = await outcome(() => route.module.loader(routeArgs(adminGet(path)) as never));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);

      const denied = await outcome(() => route.module.loader(routeArgs(adminGet(path, user.cookie)) as never));
      expect(denied.status).toBe(302);
      expect(denied.location).toBe("/");
      expect(denied.setCookie).toContain("fs_toast");
      expect(await snapshotDatabase()).toEqual(before);

      const granted = await outcome(() => route.module.loader(routeArgs(adminGet(path, admin.cookie)) as never));
      expect(granted.status).toBe(200);
      expect(granted.body).toEqual(expect.any(Object));
    },
  );

  it.each(TAB_INTENTS.map(({ route, intent }) => [route.path, intent, route] as const))(
    "%s, intent %s: anonymous → /auth, user → 403, nothing changes; admin → done and audited",
    async (path, intent, route) => {
      const { ctx, user, admin } = await setupAdminIntentWorld();
      const fields = { intent, ...ADMIN_INTENT_SAMPLES[intent]!(ctx) };
      const action = (request: Request) => route.module.action(routeArgs(request) as never);
      const before = await snapshotDatabase();

      const anonymous = await outcome(() => action(adminPost(undefined, fields, path)));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe("/auth");
      expect(await snapshotDatabase()).toEqual(before);

      const forbidden = await outcome(() => action(adminPost(user.cookie, fields, path)));
      expect(forbidden.status).toBe(403);
      expect(await snapshotDatabase()).toEqual(before);

      const audits = await countAudit();
      const done = await outcome(() => action(adminPost(admin.cookie, fields, path)));
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ intent, ok: true });
      expect(await countAudit()).toBe(audits + 1);
      expect(await snapshotDatabase()).not.toEqual(before);
    },
  );

  it.each(TAB_ROUTES.map((route) => [route.path, route] as const))(
    "%s refuses an intent of another tab or an unknown one, and answers 403 to a user before reading it",
    async (path, route) => {
      const { user, admin } = await setupAdminIntentWorld();
      const action = (request: Request) => route.module.action(routeArgs(request) as never);
      const foreign = TAB_INTENTS.find((pair) => !route.module.action.intents.includes(pair.intent))!.intent;
      const before = await snapshotDatabase();
      expect((await outcome(() => action(adminPost(user.cookie, { intent: "dropEverything" }, path)))).status).toBe(403);
      for (const intent of ["dropEverything", foreign]) {
        const refused = await outcome(() => action(adminPost(admin.cookie, { intent }, path)));
        expect(refused.status).toBe(400);
      }
      expect(await snapshotDatabase()).toEqual(before);
    },
  );

  it("guards the CSV export the same way", async () => {
    const { user, admin } = await setupAdminIntentWorld();
    const path = "/admin/doacoes.csv?status=paga";
    const anonymous = await outcome(() => csvLoader(routeArgs(adminGet(path))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    const denied = await outcome(() => csvLoader(routeArgs(adminGet(path, user.cookie))));
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/");
    const response = (await csvLoader(routeArgs(adminGet(path, admin.cookie)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  });
});
