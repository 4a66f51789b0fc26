import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { AuthPage, type AuthActionData, type AuthTab } from "~/components/auth/auth-page";
import { getOptionalUser } from "~/lib/auth.server";
import { requestPasswordReset, signIn, signOut, signUp, THROTTLED_MESSAGE } from "~/lib/auth-flows.server";
import { loginSchema, parseForm, recoverSchema, signupSchema } from "~/lib/auth-forms";
import { clientIpFromContext } from "~/lib/client-ip.server";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { readFormData } from "~/lib/form-data.server";

const TABS: Record<string, AuthTab> = { login: "login", cadastro: "cadastro", recuperar: "recuperar" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (await getOptionalUser(request)) throw redirect(safeRedirectPath(redirectTo));
  return {
    tab: TABS[url.searchParams.get("tab") ?? ""] ?? "login",
    // Only a same-site path survives into the forms (and the tab links).
    redirectTo: redirectTo ? safeRedirectPath(redirectTo, "") || null : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const meta = { request, ip: clientIpFromContext(context) };
  if (url.searchParams.get("intent") === "logout") return logout(meta);

  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const redirectTo = safeRedirectPath(form.get("redirectTo") || url.searchParams.get("redirectTo"));
  const email = String(form.get("email") ?? "");

  if (intent === "login") {
    const parsed = parseForm(loginSchema, form, ["email", "password"]);
    if (!parsed.ok) return reply({ intent, errors: parsed.errors, values: { email } }, 400);
    const result = await signIn({ ...parsed.data, ...meta });
    if (!result.ok) {
      const throttled = result.error === "throttled";
      return reply(
        { intent, values: { email }, formError: { title: "Erro no login", description: throttled ? THROTTLED_MESSAGE : "Email ou senha incorretos" } },
        throttled ? 429 : 401,
      );
    }
    return redirectWithToast(
      redirectTo,
      { type: "success", title: "Login realizado!", description: "Bem-vindo de volta!" },
      { headers: cookieHeaders(result.setCookies) },
    );
  }

  if (intent === "signup") {
    const name = String(form.get("name") ?? "");
    const parsed = parseForm(signupSchema, form, ["name", "email", "password"]);
    if (!parsed.ok) return reply({ intent, errors: parsed.errors, values: { name, email } }, 400);
    const result = await signUp({ ...parsed.data, ...meta });
    if (!result.ok) {
      const description =
        result.error === "throttled"
          ? THROTTLED_MESSAGE
          : result.error === "exists"
            ? "Este e-mail já tem uma conta. Entre pela aba Login ou recupere sua senha."
            : "Ocorreu um erro ao criar sua conta";
      return reply({ intent, values: { name, email }, formError: { title: "Erro ao criar conta", description } }, result.error === "throttled" ? 429 : 400);
    }
    return redirectWithToast(
      redirectTo,
      { type: "success", title: "Cadastro realizado!", description: "Conta criada com sucesso!" },
      { headers: cookieHeaders(result.setCookies) },
    );
  }

  if (intent === "recover") {
    const parsed = parseForm(recoverSchema, form, ["email"]);
    if (!parsed.ok) return reply({ intent, errors: parsed.errors, values: { email } }, 400);
    const result = await requestPasswordReset({ ...parsed.data, ...meta });
    if (!result.ok) {
      return reply({ intent, values: { email }, formError: { title: "Erro ao enviar e-mail", description: THROTTLED_MESSAGE } }, 429);
    }
    return reply({ intent, sentTo: parsed.data.email }, 200);
  }

  return reply({ intent: "login", formError: { title: "Erro no login", description: "Não entendemos o pedido. Tente novamente." } }, 400);
}

async function logout(meta: { request: Request; ip: string }) {
  try {
    const cleared = await signOut(meta);
    return redirectWithToast("/", { type: "success", title: "Logout realizado", description: "Até logo!" }, { headers: cookieHeaders(cleared) });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", { type: "error", title: "Erro ao sair", description: "Tente novamente em instantes." });
  }
}

function reply(body: AuthActionData, status: number) {
  return data(body, { status });
}

function cookieHeaders(setCookies: string[]) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export const meta = () =>
  pageMeta({ title: "Acesse sua conta", description: "Entre, crie sua conta ou recupere sua senha na Festa Solidária.", noindex: true });

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage tab={loaderData.tab} redirectTo={loaderData.redirectTo} actionData={actionData} />;
}
