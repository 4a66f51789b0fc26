/**
 * Through the real request pipeline (server/app.ts) on a test database: a cross-site POST to
 * every action is refused before it is read; `redirectTo` never leaves the site; every response
 * carries the security headers (HSTS only in production); cookies are HttpOnly, SameSite=Lax,
 * and Secure in production.
 */
import { useSharedTestDatabase } from "@tests/database";
useSharedTestDatabase();

import { snapshotDatabase } from "@tests/admin";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { type AppServer, importRouteModule, listRoutes, startAppServer } from "@tests/app-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld, concretePaths, ORIGIN, type World } from "./support/world";

const routes = listRoutes();
let w: World;
let app: AppServer;
let paths: Record<string, string>;
const actionRoutes: string[] = [];
const pageRoutes: string[] = [];

beforeAll(async () => {
  w = await buildWorld();
  paths = concretePaths(w);
  for (const r of routes) {
    const mod = await importRouteModule(r.file);
    if (typeof mod.action === "function") actionRoutes.push(r.id);
    pageRoutes.push(r.id);
  }
  app = await startAppServer();
}, 180_000);

afterAll(async () => {
  await app?.close();
});

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

describe("every route has a concrete URL here", () => {
  it("covers app/routes.ts", () => {
    expect(routes.map((r) => r.id).filter((id) => !(id in paths))).toEqual([]);
  });
});

describe("CSRF: a cross-site form POST to any action is refused and changes nothing", () => {
  const CROSS_SITE: Array<{ name: string; headers: Record<string, string> }> = [
    { name: "Origin: https://evil.example", headers: { Origin: "https://evil.example" } },
    { name: "Origin: null (sandboxed frame)", headers: { Origin: "null" } },
    { name: "only a Referer from evil.example", headers: { Referer: "https://evil.example/form.html" } },
    { name: "a look-alike origin", headers: { Origin: "http://localhost:3000.evil.example" } },
  ];

  it("each action route, each kind of cross-site request, signed in as the party creator and as an admin", async () => {
    expect(actionRoutes.length).toBeGreaterThan(5);
    for (const id of actionRoutes) {
      const webhook = id.startsWith("routes/api.webhooks.");
      for (const { name, headers } of CROSS_SITE) {
        for (const cookie of [w.users.user.cookie, w.users.admin.cookie]) {
          const before = await snapshotDatabase();
          const res = await fetch(`${app.url}${paths[id]}`, {
            method: "POST",
            redirect: "manual",
            headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: form({
              intent: "setFamiliesHelped",
              familiesHelped: "1",
              plano: "ouro",
              name: "CSRF",
              preset: "50",
              nome: "x",
              email: "x@exemplo.com.br",
              telefone: "31988887777",
            }),
          });
          await res.arrayBuffer();
          // Webhooks are server-to-server and signed, so not origin-checked: an unsigned one is refused by its signature.
          if (webhook) expect([400, 404], `${id} ${name}`).toContain(res.status);
          else expect(res.status, `${id} ${name}`).toBe(403);
          expect(await snapshotDatabase(), `${id} ${name}`).toEqual(before);
        }
      }
    }
    // Eight requests and sixteen database snapshots per action route (twenty-odd routes): room on a loaded 2-core machine.
  }, 180_000);

  it("the same POST from the site itself gets through the origin check", async () => {
    const res = await fetch(`${app.url}/contato`, {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ nome: "Joana", email: "joana@exemplo.com.br", telefone: "(31) 98888-7777", mensagem: "Olá" }),
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 3000)).toBe(200);
  });

  it("GET never changes anything, whatever the origin (logout is a POST)", async () => {
    const before = await snapshotDatabase();
    const res = await fetch(`${app.url}/auth?intent=logout`, {
      headers: { Cookie: w.users.other.cookie, Origin: "https://evil.example" },
      redirect: "manual",
    });
    await res.arrayBuffer();
    expect(await snapshotDatabase()).toEqual(before);
    const painel = await fetch(`${app.url}/painel`, { headers: { Cookie: w.users.other.cookie }, redirect: "manual" });
    await painel.arrayBuffer();
    expect(painel.status).toBe(200); // still signed in
  });
});

describe("redirectTo never leaves the site", () => {
  const HOSTILE = [
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "%2F%2Fevil.com",
    "/%2F/evil.com",
    "/\t/evil.com",
    "javascript:alert(1)",
    "http:evil.com",
    "\\\\evil.com",
    "/ /evil.com",
    // Security review finding 4: paths that only become "//evil.example" once normalised.
    "/.//evil.example",
    "/..//evil.example",
    "/%2E%2E//evil.example",
    "/%2e//evil.example",
    "/.\\/evil.example",
    "%2F.%2F%2Fevil.example",
  ];

  const isOnSite = (location: string | null) => {
    expect(location).toBeTruthy();
    const resolved = new URL(location!, ORIGIN);
    expect(resolved.origin, location!).toBe(ORIGIN);
    expect(location!.startsWith("/") && !location!.startsWith("//") && !location!.startsWith("/\\"), location!).toBe(true);
  };

  it.each(HOSTILE)("signed in, /auth?redirectTo=%s lands on this site", async (target) => {
    const res = await fetch(`${app.url}/auth?redirectTo=${encodeURIComponent(target)}`, {
      headers: { Cookie: w.users.user.cookie },
      redirect: "manual",
    });
    await res.arrayBuffer();
    expect(res.status).toBe(302);
    isOnSite(res.headers.get("Location"));
  });

  it("signing in with a hostile redirectTo (form field and query) lands on this site", async () => {
    for (const target of HOSTILE.slice(0, 4)) {
      const res = await fetch(`${app.url}/auth?redirectTo=${encodeURIComponent(target)}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: form({ intent: "login", email: w.users.other.user.email, password: w.users.other.password, redirectTo: target }),
      });
      await res.arrayBuffer();
      expect(res.status, target).toBe(302);
      isOnSite(res.headers.get("Location"));
    }
  });

  it("the login form never echoes a hostile redirectTo into its links", async () => {
    const html = await (await fetch(`${app.url}/auth?redirectTo=${encodeURIComponent("//evil.com")}`)).text();
    expect(html).not.toContain("evil.com");
  });
});

describe("hostile query strings on every route (fast-check through the pipeline)", () => {
  const PARAMS = [
    "nome",
    "pagina",
    "festa",
    "cidade",
    "causa",
    "token",
    "redirectTo",
    "aba",
    "status",
    "verificacao",
    "t",
    "tab",
    "intent",
    "de",
    "ate",
    "q",
    "feito",
    "sucesso",
  ];
  const VALUES = [
    "%00",
    "%",
    "%E0%A4%A",
    "-1",
    "999999999999999999999",
    "1e400",
    "NaN",
    "../..",
    "<script>",
    "'",
    "\\",
    "%2F%2Fevil.com",
    "a".repeat(3000),
    "2026-13-45",
    "00000000-0000-0000-0000-000000000000",
  ];

  it("never answer 5xx, anonymous or signed in", async () => {
    const ids = Object.keys(paths);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids),
        fc.array(
          fc.tuple(
            fc.constantFrom(...PARAMS),
            fc.oneof(fc.constantFrom(...VALUES), fc.string({ unit: "binary", maxLength: 30 }).map(encodeURIComponent)),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        fc.boolean(),
        async (id, params, signedIn, asData) => {
          const base = new URL(paths[id]!, "http://x");
          const query = params.map(([k, v]) => `${k}=${v}`).join("&");
          const page = asData && !/\.(xml|txt|csv)$|relatorio|webhooks|eventos$|comprovante|emails\//.test(base.pathname);
          const pathname = page ? (base.pathname === "/" ? "/_root.data" : `${base.pathname}.data`) : base.pathname;
          const url = `${app.url}${pathname}${base.search ? `${base.search}&` : "?"}${query}`;
          const controller = new AbortController();
          const res = await fetch(url, {
            headers: signedIn ? { Cookie: w.users.user.cookie } : {},
            redirect: "manual",
            signal: controller.signal,
          });
          if ((res.headers.get("Content-Type") ?? "").includes("event-stream")) controller.abort();
          else await res.arrayBuffer();
          expect(res.status, url).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), endOnFailure: true },
    );
    // 300 requests through the whole pipeline: past the default 30 s on a loaded two-core machine.
  }, 120_000);
});

/** The headers every response must carry. */
function expectHardened(res: Response, where: string, production: boolean) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp, where).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("base-uri 'self'");
  expect(csp, where).not.toContain("'unsafe-eval'");
  // Browsers read the first value (some routes set it again themselves).
  expect(res.headers.get("X-Content-Type-Options")?.split(",")[0], where).toBe("nosniff");
  // A tokened e-mail link's exchange (link-token.server.ts, decision 195) sends no referrer at all:
  // stricter than the site's policy, and the URL it leaves carries the token.
  const exchange = res.status === 303 && (res.headers.get("Set-Cookie") ?? "").includes("fs_link=");
  expect(res.headers.get("Referrer-Policy"), where).toBe(exchange ? "no-referrer" : "strict-origin-when-cross-origin");
  expect(res.headers.get("X-Frame-Options"), where).toBe("DENY");
  expect(res.headers.get("X-Request-Id"), where).toMatch(/^[0-9a-f-]{36}$/);
  if (production) expect(res.headers.get("Strict-Transport-Security"), where).toBe("max-age=63072000; includeSubDomains");
  else expect(res.headers.get("Strict-Transport-Security"), where).toBeNull();
}

async function checkEveryRoute(production: boolean) {
  const nonces = new Set<string>();
  for (const id of pageRoutes) {
    for (const cookie of [undefined, w.users.user.cookie]) {
      const controller = new AbortController();
      const res = await fetch(`${app.url}${paths[id]}`, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
        signal: controller.signal,
      });
      const where = `${id}${cookie ? " (signed in)" : ""} → ${res.status}`;
      expectHardened(res, where, production);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy")!)![1]!;
      expect(nonces.has(nonce), `${where}: nonce reused`).toBe(false);
      nonces.add(nonce);
      if ((res.headers.get("Content-Type") ?? "").includes("text/event-stream")) {
        controller.abort();
        continue;
      }
      const body = await res.text();
      if ((res.headers.get("Content-Type") ?? "").startsWith("text/html") && body.startsWith("<!DOCTYPE html>")) {
        const scripts = body.match(/<script\b[^>]*>/gi) ?? [];
        expect(scripts.length, where).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, where).toContain(` nonce="${nonce}"`);
        // The production run takes sandbox payments (PAYMENTS_SANDBOX_IN_PRODUCTION): every page
        // says it is a demo (security review finding 3); development never does.
        // (The sandbox's own checkout pages, outside the site's shell, say "Ambiente de testes — …".)
        if (production) expect(body, where).toMatch(/(Demonstração|Ambiente de testes) — nenhum valor é cobrado/);
        else expect(body, where).not.toContain("Demonstração — nenhum valor é cobrado");
      }
    }
  }
  // Even a refused cross-site POST carries them.
  const refused = await fetch(`${app.url}/contato`, { method: "POST", headers: { Origin: "https://evil.example" }, body: "" });
  await refused.arrayBuffer();
  expectHardened(refused, "refused POST", production);
}

/** A sign-in as the browser sends it; `proxied`: through a TLS-terminating proxy of ours. */
async function signIn(proxied?: { host: string }) {
  const origin = proxied ? `https://${proxied.host}` : app.url;
  // The proxy talks plain http to us, with its own Host (fetch cannot set Host anyway).
  const via: Record<string, string> = proxied ? { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" } : {};
  const res = await fetch(`${app.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { ...via, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ intent: "login", email: w.users.other.user.email, password: w.users.other.password }),
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 200)).toBe(302);
  return res.headers.getSetCookie();
}

function expectCookieFlags(setCookies: string[], production: boolean) {
  expect(setCookies.some((c) => /session_token=/.test(c))).toBe(true);
  expect(setCookies.some((c) => c.startsWith("fs_toast="))).toBe(true);
  for (const cookie of setCookies) {
    expect(cookie, cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie, cookie).toMatch(/;\s*SameSite=Lax/i);
    if (production) expect(cookie, cookie).toMatch(/;\s*Secure/i);
    else expect(cookie, cookie).not.toMatch(/;\s*Secure/i);
  }
  if (production) expect(setCookies.find((c) => /session_token=/.test(c))).toMatch(/^__Secure-/);
}

describe("security headers and cookies, development", () => {
  it("every route, anonymous and signed in: CSP with a fresh nonce on every script, nosniff, frame-ancestors, Referrer-Policy, no HSTS", async () => {
    await checkEveryRoute(false);
    // Every route twice over HTTP: room for a loaded 2-core machine (CI runs the fault suite beside it).
  }, 120_000);

  it("sign-in cookies: HttpOnly, SameSite=Lax, not Secure over plain http", async () => {
    expectCookieFlags(await signIn(), false);
  });
});

describe("security headers and cookies, production", () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    await app.close();
    // Production for the whole process: Better Auth and the toast cookie read the process's
    // configuration (getConfig follows the environment); the app's context gets the same one.
    Object.assign(process.env, {
      ...PRODUCTION_DETAILS_ENV,
      NODE_ENV: "production",
      PUBLIC_URL: "https://festa.example",
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
      TRUST_PROXY: "on",
    });
    app = await startAppServer();
  });
  afterAll(async () => {
    for (const key of [
      "NODE_ENV",
      "PUBLIC_URL",
      "PAYMENTS_SANDBOX",
      "PAYMENTS_SANDBOX_IN_PRODUCTION",
      "TRUST_PROXY",
      ...Object.keys(PRODUCTION_DETAILS_ENV),
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("every route: the same headers plus HSTS, and the sandbox's demo banner on every page", async () => {
    await checkEveryRoute(true);
    // Every route twice over HTTP: room for a loaded 2-core machine (CI runs the fault suite beside it).
  }, 120_000);

  it("behind a TLS-terminating proxy a sign-in works (it was refused as cross-origin), and its cookies are also Secure (the session cookie __Secure-)", async () => {
    expectCookieFlags(await signIn({ host: "festa.example" }), true);
  });

  it("the local mailbox does not exist", async () => {
    for (const path of [paths["routes/dev.emails"]!, paths["routes/dev.emails.$id"]!]) {
      const res = await fetch(`${app.url}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(404);
    }
  });
});
