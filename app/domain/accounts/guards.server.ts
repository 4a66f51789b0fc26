/**
 * Who is asking, and the guards every loader and action uses. Sessions are Better Auth's
 * (auth-config.server.ts); the 7-day idle limit and the admin role are checked here.
 */
import { data, redirect } from "react-router";
import { getAuth, SESSION_IDLE_SECONDS } from "~/domain/accounts/auth-config.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { deleteSessionById, touchSession } from "~/domain/accounts/sessions.server";
import { isAdmin } from "~/domain/accounts/users.server";
import { noteRequestUser } from "~/platform/http/request-context.server";

export type SessionUser = { id: string; name: string; email: string; image: string | null; isAdmin: boolean };

/** Activity is written at most once an hour per session. */
const TOUCH_INTERVAL_SECONDS = 60 * 60;
const SESSION_COOKIE = "festa.session_token";

// Root and route loaders of one request ask the same question: answer it once.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();
const sessionIds = new WeakMap<Request, string>();

export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadUser(request, (id) => sessionIds.set(request, id));
    perRequest.set(request, pending);
  }
  return pending;
}

/** The id of the request's session (the one an account change keeps when it ends the others). */
export async function currentSessionId(request: Request): Promise<string | null> {
  await getOptionalUser(request);
  return sessionIds.get(request) ?? null;
}

async function loadUser(request: Request, noteSession: (id: string) => void): Promise<SessionUser | null> {
  // Anonymous visitors (most of the traffic) cost no database work.
  if (!request.headers.get("Cookie")?.includes(SESSION_COOKIE)) return null;
  const found = await getAuth().api.getSession({ headers: request.headers });
  if (!found) return null;
  const { session, user } = found;
  const idleMs = Date.now() - new Date(session.updatedAt).getTime();
  if (idleMs > SESSION_IDLE_SECONDS * 1000) {
    await deleteSessionById(session.id);
    return null;
  }
  if (idleMs > TOUCH_INTERVAL_SECONDS * 1000) await touchSession(session.id, TOUCH_INTERVAL_SECONDS);
  noteRequestUser(user.id); // the request's log line carries it
  noteSession(session.id);
  return { id: user.id, name: user.name, email: user.email, image: user.image ?? null, isAdmin: await isAdmin(user.id) };
}

/** The path (with query) to come back to after login. */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginUrl(redirectTo?: string): string {
  return redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth";
}

/**
 * The signed-in user, or a redirect to /auth that brings them back here afterwards
 * (`redirectTo` overrides where to come back to).
 */
export async function requireUser(request: Request, opts: { redirectTo?: string } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  const back = opts.redirectTo ?? returnPath(request);
  if (new URL(request.url).pathname === "/criar-festa") {
    throw await redirectWithToast(loginUrl(back), { type: "info", title: "Você precisa fazer login para criar uma festa" });
  }
  throw redirect(loginUrl(back));
}

/**
 * An admin, or: no session → /auth; signed in without the role → back to / with the spec's
 * toast. An action (any non-GET request) from a non-admin gets 403 and changes nothing.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    throw redirect(loginUrl(request.method === "GET" ? returnPath(request) : undefined));
  }
  if (user.isAdmin) return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw data({ error: "Acesso negado" }, { status: 403 });
  }
  throw await redirectWithToast("/", {
    type: "error",
    title: "Acesso negado",
    description: "Você não tem permissão para acessar esta página",
  });
}
