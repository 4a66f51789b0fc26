import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { createTestUser } from "@tests/auth";
import { testContext } from "@tests/context";
import { describe, expect, it } from "vitest";
import { requireAdmin, requireUser } from "~/domain/accounts/guards.server";

// The dependencies a page's loader reads (the admin dashboard reads the clock) plus the request's fields.
const context = testContext({ clientIp: "192.0.2.10", nonce: "n", requestId: "r" });

type Outcome = { kind: "ok" } | { kind: "redirect"; location: string; toast: boolean } | { kind: "status"; status: number };

/** What a loader/action does with a request: passes, redirects (with a toast?) or answers a status. */
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    if (result.status >= 300 && result.status < 400) {
      return {
        kind: "redirect",
        location: result.headers.get("Location")!,
        toast: result.headers.getSetCookie().some((c) => c.startsWith("fs_toast=")),
      };
    }
    if (result.status >= 400) return { kind: "status", status: result.status };
    return { kind: "ok" };
  }
  const init = (result as { init?: { status?: number } } | null)?.init;
  if (init?.status && init.status >= 400) return { kind: "status", status: init.status };
  if (result instanceof Error) throw result;
  return { kind: "ok" };
}

function request(path: string, method = "GET", cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  if (method !== "GET") {
    headers.Origin = "http://localhost:3000";
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return new Request(`http://localhost:3000${path}`, { method, headers, body: method === "GET" ? undefined : "intent=nada" });
}

describe("requireUser / requireAdmin", () => {
  it("anonymous: to /auth with the way back; the spec's toast only on /criar-festa", async () => {
    expect(await outcome(() => requireUser(request("/painel?x=1")))).toEqual({
      kind: "redirect",
      location: "/auth?redirectTo=%2Fpainel%3Fx%3D1",
      toast: false,
    });
    expect(await outcome(() => requireUser(request("/criar-festa")))).toEqual({
      kind: "redirect",
      location: "/auth?redirectTo=%2Fcriar-festa",
      toast: true,
    });
    expect(await outcome(() => requireAdmin(request("/admin/doacoes")))).toMatchObject({
      kind: "redirect",
      location: "/auth?redirectTo=%2Fadmin%2Fdoacoes",
    });
  });

  it("signed-in user: passes requireUser; requireAdmin sends GET home with 'Acesso negado' and refuses actions with 403", async () => {
    const { user, cookie } = await createTestUser();
    expect(await requireUser(request("/painel", "GET", cookie))).toMatchObject({ id: user.id, isAdmin: false });
    expect(await outcome(() => requireAdmin(request("/admin", "GET", cookie)))).toEqual({ kind: "redirect", location: "/", toast: true });
    expect(await outcome(() => requireAdmin(request("/admin", "POST", cookie)))).toEqual({ kind: "status", status: 403 });
  });

  it("admin: passes both", async () => {
    const { user, cookie } = await createTestUser({ admin: true });
    expect(await requireAdmin(request("/admin", "POST", cookie))).toMatchObject({ id: user.id, isAdmin: true });
  });
});

// Every protected route of the product, called the way React Router calls it.
const PROTECTED: Array<{
  path: string;
  module: () => Promise<Record<string, unknown>>;
  role: "user" | "admin";
  fns: Array<"loader" | "action">;
}> = [
  { path: "/criar-festa", module: () => import("~/routes/criar-festa"), role: "user", fns: ["loader", "action"] },
  { path: "/painel", module: () => import("~/routes/painel"), role: "user", fns: ["loader"] },
  { path: "/admin", module: () => import("~/routes/admin/layout"), role: "admin", fns: ["loader"] },
  { path: "/admin/repasses", module: () => import("~/routes/admin/repasses"), role: "admin", fns: ["loader", "action"] },
  { path: "/admin/doacoes.csv", module: () => import("~/routes/admin.doacoes[.]csv"), role: "admin", fns: ["loader"] },
];

describe.each(PROTECTED)("$path ($role)", ({ path, module, role, fns }) => {
  const run = async (fn: "loader" | "action", cookie?: string) => {
    const mod = await module();
    const handler = mod[fn] as ((args: unknown) => Promise<unknown>) | undefined;
    if (!handler) throw new Error(`${path} has no ${fn}`);
    return outcome(() => handler({ request: request(path, fn === "loader" ? "GET" : "POST", cookie), context, params: {} }));
  };

  it.each(fns)("%s: anonymous goes to /auth", async (fn) => {
    const result = await run(fn);
    expect(result.kind).toBe("redirect");
    expect((result as { location: string }).location).toMatch(/^\/auth(\?|$)/);
  });

  it.each(fns)("%s: a signed-in non-admin", async (fn) => {
    const { cookie } = await createTestUser();
    const result = await run(fn, cookie);
    if (role === "user") {
      expect(result.kind === "redirect" && result.location.startsWith("/auth")).toBe(false);
    } else if (fn === "loader") {
      expect(result).toEqual({ kind: "redirect", location: "/", toast: true });
    } else {
      expect(result).toEqual({ kind: "status", status: 403 });
    }
  });

  it.each(fns)("%s: an admin gets through", async (fn) => {
    const { cookie } = await createTestUser({ admin: true });
    const result = await run(fn, cookie);
    expect(result.kind === "redirect" && (result.location.startsWith("/auth") || result.location === "/")).toBe(false);
  });
});
