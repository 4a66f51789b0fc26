/**
 * Signed-in requests for integration tests: `createTestUser()` makes a real account and a real
 * Better Auth session, and returns the Cookie header value that carries it.
 *
 *   const { user, cookie } = await createTestUser({ admin: true });
 *   await loader({ request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }), … });
 */
import { randomUUID } from "node:crypto";
import { getAuth } from "~/domain/accounts/auth-config.server";
import { grantAdmin } from "~/domain/accounts/users.server";

let counter = 0;

export type TestUser = {
  user: { id: string; name: string; email: string; image: string | null };
  password: string;
  /** Value for the `Cookie` request header. */
  cookie: string;
};

export async function createTestUser(
  options: { admin?: boolean; name?: string; email?: string; password?: string; image?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `pessoa${++counter}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const password = options.password ?? "senha-de-teste";
  const name = options.name ?? "Pessoa de Teste";
  const { headers, response } = await getAuth().api.signUpEmail({
    body: { name, email, password, image: options.image },
    returnHeaders: true,
  });
  if (options.admin) await grantAdmin(response.user.id);
  return {
    user: { id: response.user.id, name, email: response.user.email, image: response.user.image ?? null },
    password,
    cookie: cookieHeaderFrom(headers.getSetCookie()),
  };
}

/** Turns Set-Cookie values into a Cookie header value (expired cookies dropped). */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .filter((c) => !/max-age=0\b/i.test(c))
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** A Request as the browser would send it: same-origin, with the session cookie if given. */
export function authedRequest(path: string, init: RequestInit & { cookie?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", "http://localhost:3000");
  return new Request(new URL(path, "http://localhost:3000"), { ...init, headers });
}
