/**
 * Helpers for the admin panel's tests: a database with one of everything an admin manages, a
 * snapshot of every table (to prove a refused request changed nothing), and route-call plumbing.
 */
import { type TestDepsOverrides, testContext } from "./context";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { authedRequest } from "./auth";
import { fieldErrors } from "./forms";
import type { FormResult } from "~/platform/forms/submission";
import { insertCause, insertPaidGift, insertParty, insertUser } from "./parties";

/** A loader/action call as React Router makes it; `deps` overrides the test dependencies (tests/support/context.ts). */
export const routeArgs = (request: Request, deps?: TestDepsOverrides) => ({ request, params: {}, context: testContext(deps) }) as never;

export function adminGet(path: string, cookie?: string) {
  return authedRequest(path, { cookie });
}

/** A POST as the browser sends it: urlencoded, or multipart when a file is included. */
export function adminPost(cookie: string | undefined, fields: Record<string, string | string[] | Blob>, path = "/admin") {
  const hasFile = Object.values(fields).some((v) => v instanceof Blob);
  let body: FormData | URLSearchParams;
  if (hasFile) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  } else {
    body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v as string]) body.append(k, one);
  }
  return authedRequest(path, { method: "POST", body, cookie });
}

export type Outcome = { status: number; location: string | null; setCookie: string | null; body: unknown };

/** Runs a loader/action call and reads whatever it returned or threw (Response or data()). */
export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), setCookie: result.headers.get("Set-Cookie"), body: null };
  }
  const r = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (r && r.type === "DataWithResponseInit") {
    const headers = new Headers(r.init?.headers);
    return { status: r.init?.status ?? 200, location: headers.get("Location"), setCookie: headers.get("Set-Cookie"), body: r.data };
  }
  return { status: 200, location: null, setCookie: null, body: result };
}

// Sign-in bookkeeping, not data an admin manages.
const NOT_SNAPSHOTTED = new Set(["session", "verification", "rate_limits"]);

/** Every row of every table, in a stable order. */
export async function snapshotDatabase(): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (NOT_SNAPSHOTTED.has(name)) continue;
    const rows = await db.select().from(value);
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

export async function countAudit(): Promise<number> {
  return (await db.select().from(schema.auditLog)).length;
}

/** A PNG's signature and a little more: enough to pass the proof-type check. */
export function tinyPng(name = "comprovante.png") {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  return new File([bytes], name, { type: "image/png" });
}

/** One of everything the admin panel manages. */
export async function adminFixture() {
  const today = todayInSaoPaulo();
  const owner = await insertUser("Mariana Costa");
  const cause = await insertCause({ name: "Doenças Raras" });
  const unusedCause = await insertCause({ name: "Meio Ambiente", icon: "🌱" });
  const [org] = await db
    .insert(schema.organizations)
    .values({
      name: "AADORA",
      slug: "aadora",
      causeId: cause.id,
      city: "Belo Horizonte",
      state: "MG",
      description: "Apoio",
      email: "contato@aadora.org.br",
      isMain: true,
      cnpj: "10485736000150",
    })
    .returning();
  const liveParty = await insertParty({
    userId: owner.id,
    causeId: cause.id,
    organizationId: org!.id,
    name: "Aniversário da Ana",
    goalCents: 100_000,
  });
  const endedParty = await insertParty({
    userId: owner.id,
    causeId: cause.id,
    organizationId: org!.id,
    name: "Casamento de Rafael e Júlia",
    eventType: "Casamento",
    eventDate: addCalendarDays(today, -40),
  });
  const liveGift = await insertPaidGift(liveParty.id, { amountCents: 12_345, name: "Beatriz Lima", message: "Parabéns!" });
  await insertPaidGift(endedParty.id, { amountCents: 10_001, name: null });
  const [story] = await db
    .insert(schema.stories)
    .values({ title: "Um aniversário que virou tratamento", description: "Os 40 anos do Carlos." })
    .returning();
  const [message] = await db
    .insert(schema.contactMessages)
    .values({ name: "Joana", email: "joana@exemplo.com.br", phone: "(31) 98888-7777", message: "Quero cadastrar minha ONG" })
    .returning();
  const [ad] = await db
    .insert(schema.sponsorAds)
    .values({
      title: "Buffet Alegria",
      description: "10% revertidos",
      ctaText: "Conhecer",
      ctaUrl: "https://example.com/buffet",
      sponsor: "Buffet Alegria",
      placements: ["home"],
    })
    .returning();
  const [impactUnit] = await db
    .insert(schema.impactUnits)
    .values({ organizationId: org!.id, singular: "consulta", plural: "consultas", costCents: 8000 })
    .returning();
  const [impactUpdate] = await db
    .insert(schema.impactUpdates)
    .values({ organizationId: org!.id, month: "2026-01", title: "Nova sala de terapia", body: "Inauguramos a sala." })
    .returning();
  // An institution's application waiting for review, its CNPJ active in the offline registry twin.
  const [application] = await db
    .insert(schema.institutionApplications)
    .values({
      userId: owner.id,
      cnpj: "24581367000104",
      legalName: "ASSOCIACAO MAOS QUE AJUDAM",
      tradeName: "Mãos que Ajudam",
      causeId: cause.id,
      city: "Belo Horizonte",
      state: "MG",
      contactEmail: "contato@maosqueajudam.org.br",
      contactPhone: "(31) 99876-5432",
      pixKeyType: "cnpj",
      pixKey: "24581367000104",
      description: "Refeições e cestas básicas para famílias do centro.",
      registryResult: "found",
      registryCheckedAt: new Date(),
    })
    .returning();
  return {
    owner,
    cause,
    unusedCause,
    application: application!,
    org: org!,
    liveParty,
    liveGift,
    endedParty,
    story: story!,
    message: message!,
    ad: ad!,
    impactUnit: impactUnit!,
    impactUpdate: impactUpdate!,
  };
}
export type AdminFixture = Awaited<ReturnType<typeof adminFixture>>;

// ---------- the admin tabs as React Router sees them (app/routes.ts) ----------

type TabModule = {
  loader: (args: never) => Promise<unknown>;
  action: ((args: never) => Promise<unknown>) & { intents: readonly string[] };
};
export type AdminTabRoute = { path: string; file: string; module: TabModule };

/**
 * Every nested route of /admin, read from the route config itself (so a new tab is found without
 * editing a list) and imported: the authorization tests walk these.
 */
export async function adminTabRoutes(): Promise<AdminTabRoute[]> {
  const { default: config } = await import("~/routes");
  const panel = config.find((entry) => entry.path === "admin");
  if (!panel?.children) throw new Error("app/routes.ts has no /admin layout with tabs");
  return Promise.all(
    panel.children.map(async (child) => ({
      path: child.index ? "/admin" : `/admin/${child.path}`,
      file: child.file,
      module: (await import(/* @vite-ignore */ `~/${child.file.replace(/\.tsx?$/, "")}`)) as TabModule,
    })),
  );
}

/**
 * An admin POST sent to the tab that takes its intent, as the browser's form on that tab would.
 * Tests written against the one /admin action call this; an unknown intent, or a body that is not a
 * form, goes to the dashboard.
 */
export async function adminTabAction(args: { request: Request; params: unknown; context: unknown }) {
  // A body that is not a form (the fuzzer sends JSON too) names no tab: the dashboard's action refuses it.
  const intent = await args.request
    .clone()
    .formData()
    .then((form) => form.get("intent"))
    .catch(() => null);
  const routes = await adminTabRoutes();
  const route = routes.find((r) => r.module.action.intents.includes(String(intent))) ?? routes[0]!;
  return route.module.action(args as never);
}

/**
 * A GET of an admin page, answered by the tab route its path names (`/admin/repasses?…`), as
 * `{ tab, data }`: the tab's id beside what its loader returned.
 */
export async function adminTabLoader(args: { request: Request; params: unknown; context: unknown }) {
  const { pathname } = new URL(args.request.url);
  const route = (await adminTabRoutes()).find((r) => r.path === pathname.replace(/\/$/, ""));
  if (!route) throw new Error(`no admin tab at ${pathname}`);
  const tab = route.path === "/admin" ? "dashboard" : route.path.slice("/admin/".length);
  return { tab, data: await route.module.loader(args as never) };
}

// ---------- an admin's post and a tab's data, read the way the tab tests read them ----------

type AdminAnswerBody = {
  intent: string;
  ok: boolean;
  result?: FormResult;
  errors?: Record<string, string>;
  message?: string;
  confirm?: { prompt: string };
};

/** An admin's form post to the tab that takes its intent; a refused form's first message per field in `errors`. */
export async function postToAdmin(cookie: string, fields: Record<string, string | string[]>) {
  const answer = await outcome(() => adminTabAction(routeArgs(adminPost(cookie, fields))));
  const body = answer.body as AdminAnswerBody;
  return { ...answer, body: body?.result ? { ...body, errors: fieldErrors(body.result) } : body };
}

/** `aba=festas&q=x` (a tab and its parameters) as the tab's address: /admin/festas?q=x. */
function adminUrl(query: string) {
  const params = new URLSearchParams(query);
  const tab = params.get("aba") ?? "dashboard";
  params.delete("aba");
  const path = tab === "dashboard" ? "/admin" : `/admin/${tab}`;
  return params.size ? `${path}?${params}` : path;
}

/** What a tab's loader gives the page, for `aba=<tab>&…`. */
export async function readAdminTab<T>(cookie: string, query: string): Promise<T> {
  const result = (await adminTabLoader(routeArgs(adminGet(adminUrl(query), cookie)))) as { data: T };
  return result.data;
}
