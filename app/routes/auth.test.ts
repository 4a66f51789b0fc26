import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { cookieHeaderFrom, createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import type { FormResult } from "~/platform/forms/submission";
import { solveChallengePayload } from "@tests/challenge";
import type { Challenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { countUserSessions } from "~/domain/accounts/sessions.server";
import { action, loader } from "./auth";

const context = testContext({ clientIp: "203.0.113.50" });

function post(path: string, fields: Record<string, string>, cookie?: string, ip = context.clientIp) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  return action({ request, context: { ...context, clientIp: ip }, params: {} } as never);
}

async function call<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** RR's data() result: the body and status an action answered with; field errors and values read from Conform's reply. */
function reply(result: unknown) {
  const r = result as { data: Record<string, unknown> & { result?: FormResult }; init?: { status?: number } };
  const form = r.data.result ? { errors: fieldErrors(r.data.result), values: postedValues(r.data.result) } : {};
  return { status: r.init?.status ?? 200, ...r.data, ...form };
}

function toastOf(response: Response) {
  return response.headers.getSetCookie().some((c) => c.startsWith("fs_toast="));
}

describe("/auth loader", () => {
  const load = (path: string, cookie?: string) =>
    call(() =>
      loader({
        request: new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
        context,
        params: {},
      } as never),
    );

  it("shows the tab of the URL, login by default, and keeps only a safe redirectTo", async () => {
    expect(await load("/auth")).toEqual({ tab: "login", redirectTo: null });
    expect(await load("/auth?tab=cadastro&redirectTo=%2Fcriar-festa")).toEqual({ tab: "cadastro", redirectTo: "/criar-festa" });
    expect(await load("/auth?tab=recuperar&redirectTo=%2F%2Fevil.example")).toEqual({ tab: "recuperar", redirectTo: null });
    expect(await load("/auth?tab=nada")).toEqual({ tab: "login", redirectTo: null });
  });

  it("sends a signed-in visitor on", async () => {
    const { cookie } = await createTestUser();
    const res = (await load("/auth?redirectTo=%2Fcriar-festa", cookie)) as Response;
    expect(res.headers.get("Location")).toBe("/criar-festa");
    expect(((await load("/auth", cookie)) as Response).headers.get("Location")).toBe("/painel");
  });

  it("never sends a signed-in visitor off-site, whatever the encoding (security review finding 4)", async () => {
    const { cookie } = await createTestUser();
    for (const redirectTo of [
      "%2F.%2F%2Fevil.example",
      "%2F..%2F%2Fevil.example",
      "%2F%5Cevil.example",
      "/..//evil.example",
      "/.//evil.example",
    ]) {
      const location = ((await load(`/auth?redirectTo=${redirectTo}`, cookie)) as Response).headers.get("Location")!;
      expect(location, redirectTo).toBe("/painel");
      expect(new URL(location, "https://festa.example").host).toBe("festa.example");
    }
    expect(await load("/auth?redirectTo=%2F.%2F%2Fevil.example")).toEqual({ tab: "login", redirectTo: null });
  });
});

describe("/auth actions", () => {
  it("signs up, signs in and lands on /painel with the spec's toast", async () => {
    const res = (await post("/auth?tab=cadastro", {
      intent: "signup",
      name: "Ana Souza",
      email: "ana@exemplo.com.br",
      password: "segredo1",
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/painel");
    expect(toastOf(res)).toBe(true);
    const cookie = cookieHeaderFrom(res.headers.getSetCookie().filter((c) => c.startsWith("festa.")));
    expect(await getOptionalUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toMatchObject({
      name: "Ana Souza",
    });
  });

  it("validates sign-up fields with pt-BR messages", async () => {
    const r = reply(await post("/auth", { intent: "signup", name: "", email: "nao-e-email", password: "123" }));
    expect(r).toMatchObject({
      status: 400,
      errors: {
        name: "Informe seu nome completo.",
        email: expect.stringContaining("e-mail válido"),
        password: "A senha deve ter no mínimo 6 caracteres.",
      },
      values: { name: "", email: "nao-e-email" },
    });
    // What was typed comes back to the form, never the password.
    expect((r as { result?: FormResult }).result?.initialValue).not.toHaveProperty("password");
    expect(await db.select().from(schema.user)).toHaveLength(0);
  });

  it("reports an e-mail that already has an account", async () => {
    await createTestUser({ email: "bia@exemplo.com.br" });
    const r = reply(await post("/auth", { intent: "signup", name: "Bia", email: "bia@exemplo.com.br", password: "segredo1" }));
    expect(r).toMatchObject({ status: 400, formError: { title: "Erro ao criar conta" } });
  });

  it("logs in back to a same-site redirectTo, never to another site", async () => {
    const { user, password } = await createTestUser();
    const back = (await post("/auth", { intent: "login", email: user.email, password, redirectTo: "/criar-festa" })) as Response;
    expect(back.headers.get("Location")).toBe("/criar-festa");
    for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example"]) {
      const res = (await post("/auth", { intent: "login", email: user.email, password, redirectTo: evil })) as Response;
      expect(res.headers.get("Location")).toBe("/painel");
    }
    const fromQuery = (await post("/auth?redirectTo=%2Fdoar%3Ffesta%3Dabc12", {
      intent: "login",
      email: user.email,
      password,
    })) as Response;
    expect(fromQuery.headers.get("Location")).toBe("/doar?festa=abc12");
  });

  it("answers 'Erro no login' / 'Email ou senha incorretos' for a wrong password and an unknown e-mail alike", async () => {
    const { user } = await createTestUser();
    const wrong = reply(await post("/auth", { intent: "login", email: user.email, password: "errada" }));
    const unknown = reply(await post("/auth", { intent: "login", email: "ninguem@exemplo.com.br", password: "errada" }));
    const expected = { status: 401, formError: { title: "Erro no login", description: "Email ou senha incorretos" } };
    expect(wrong).toMatchObject(expected);
    expect(unknown).toMatchObject(expected);
    expect(reply(await post("/auth", { intent: "login", email: "", password: "" }))).toMatchObject({
      status: 400,
      errors: { email: "Informe seu e-mail.", password: "Informe sua senha." },
    });
  });

  it("after many wrong passwords the form asks for a challenge (not a lockout), and the owner gets in by solving it", async () => {
    const { user, password } = await createTestUser();
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        reply(await post("/auth", { intent: "login", email: user.email, password: `errada${i}` }, undefined, `198.51.100.${i}`)).status,
      );
    expect(statuses).not.toContain(429);
    expect(statuses.filter((s) => s === 428).length).toBeGreaterThan(0);
    const asked = reply(await post("/auth", { intent: "login", email: user.email, password }, undefined, "192.0.2.10")) as unknown as {
      status: number;
      challenge: Challenge;
      formError: unknown;
    };
    expect(asked).toMatchObject({
      status: 428,
      formError: { title: "Erro no login", description: "Por segurança, confirme que você não é um robô e envie de novo." },
    });
    const altcha = await solveChallengePayload(asked.challenge);
    const result = await post("/auth", { intent: "login", email: user.email, password, altcha }, undefined, "192.0.2.10");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/painel");
  });

  it("recovery shows the same confirmation whether or not the account exists", async () => {
    const { user } = await createTestUser();
    const known = reply(await post("/auth", { intent: "recover", email: user.email }));
    const unknown = reply(await post("/auth", { intent: "recover", email: "ninguem@exemplo.com.br" }));
    expect(known).toEqual({ status: 200, intent: "recover", sentTo: user.email });
    expect(unknown).toEqual({ status: 200, intent: "recover", sentTo: "ninguem@exemplo.com.br" });
    expect(reply(await post("/auth", { intent: "recover", email: "" }))).toMatchObject({
      status: 400,
      errors: { email: "Informe seu e-mail." },
    });
  });

  it("logs out: session revoked, cookie cleared, back to / with 'Logout realizado'", async () => {
    const { user, cookie } = await createTestUser();
    const res = (await post("/auth?intent=logout", {}, cookie)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.getSetCookie().some((c) => /^festa\.session_token=;/.test(c))).toBe(true);
    expect(toastOf(res)).toBe(true);
    expect(await countUserSessions(user.id)).toBe(0);
  });
});
