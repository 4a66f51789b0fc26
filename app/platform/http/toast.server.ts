import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { getConfig } from "~/platform/config.server";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
  /** A way on from the toast (e.g. "Buscar festas" → /eventos): a path on this site, never elsewhere. */
  link: z.object({ href: z.string().regex(/^\/(?![/\\])/, "a path on this site"), label: z.string() }).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

type ToastData = Record<string, never>;
type ToastFlash = { toast: Toast };
let cached: { config: object; storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastFlash>> } | undefined;
/** Rebuilt when the configuration changes (tests switch to production), like getAuth(). */
function toastStorage() {
  const config = getConfig();
  if (cached?.config === config) return cached.storage;
  const storage = createCookieSessionStorage<ToastData, ToastFlash>({
    cookie: {
      name: "fs_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      secrets: [config.APP_SECRET],
    },
  });
  cached = { config, storage };
  return storage;
}

/** Sets a one-time toast shown on the next page the browser renders. */
export async function toastHeaders(toast: z.input<typeof toastSchema>, headers = new Headers()) {
  const s = toastStorage();
  const session = await s.getSession();
  session.flash("toast", toastSchema.parse(toast));
  headers.append("Set-Cookie", await s.commitSession(session));
  return headers;
}

export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init: ResponseInit = {}) {
  const headers = await toastHeaders(toast, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the pending toast of this request. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const s = toastStorage();
  const session = await s.getSession(request.headers.get("Cookie"));
  // Asked before get(): reading a flash value removes it, and has() would then say false.
  const pending = session.has("toast");
  const parsed = toastSchema.safeParse(session.get("toast"));
  const headers = new Headers();
  if (pending) headers.append("Set-Cookie", await s.destroySession(session));
  return { toast: parsed.success ? parsed.data : null, headers };
}
