/**
 * Who is asking, and the guards every loader and action uses. Sessions are Better Auth's
 * (auth-config.server.ts); the 7-day idle limit and the admin role are checked here.
 */
import { data, redirect } from "react-router";
import { SESSION_IDLE_SECONDS } from "~/domain/accounts/auth-config.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { deleteSessionById, findSessionWithUser, touchSession } from "~/domain/accounts/sessions.server";
import { sessionToken } from "~/domain/accounts/session-cookie.server";
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
  const cookies = request.headers.get("Cookie");
  // Anonymous visitors (most of the traffic) cost no database work.
  if (!cookies?.includes(SESSION_COOKIE)) return null;
  const token = await sessionToken(cookies);
  if (!token) return null;
  const found = await findSessionWithUser(token);
  if (!found) return null;
  // Expired (30 days) or idle (7 days): the session ends here, its row with it.
  const idleMs = Date.now() - found.updatedAt.getTime();
  if (found.expiresAt.getTime() < Date.now() || idleMs > SESSION_IDLE_SECONDS * 1000) {
    await deleteSessionById(found.sessionId);
    return null;
  }
  if (idleMs > TOUCH_INTERVAL_SECONDS * 1000) await touchSession(found.sessionId, TOUCH_INTERVAL_SECONDS);
  noteRequestUser(found.userId); // the request's log line carries it
  noteSession(found.sessionId);
  return { id: found.userId, name: found.name, email: found.email, image: found.image, isAdmin: found.isAdmin };
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
