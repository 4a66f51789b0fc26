import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { AuthPage, type AuthActionData, type AuthTab } from "~/components/auth/auth-page";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { CHALLENGE_MESSAGE, requestPasswordReset, signIn, signOut, signUp, THROTTLED_MESSAGE } from "~/domain/accounts/auth-flows.server";
import { loginSchema, recoverSchema, signupSchema } from "~/domain/accounts/auth-forms";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { logger } from "~/platform/logger.server";
import { pageMeta } from "~/platform/ui/meta";
import { safeRedirectPath } from "~/platform/http/safe-redirect";
import { redirectWithToast } from "~/platform/http/toast.server";
import { readFormData } from "~/platform/http/form-data.server";
import { CHALLENGE_FIELD } from "~/platform/abuse/challenge.server";
import type { Challenge } from "altcha-lib";
import { nudgeSignupPrefill } from "~/domain/subscriptions/monthly-nudge.server";

// The forms may carry a name and e-mail filled in from a gift (decision 213): never kept by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

const TABS: Record<string, AuthTab> = { login: "login", cadastro: "cadastro", recuperar: "recuperar" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (await getOptionalUser(request)) throw redirect(safeRedirectPath(redirectTo));
  // Only a same-site path survives into the forms (and the tab links).
  const safe = redirectTo ? safeRedirectPath(redirectTo, "") || null : null;
  // On the way from "Que tal todo mês?" to a plan: the gift's name and e-mail, read on the server (decision 213).
  const prefill = await nudgeSignupPrefill(safe, context.clock.now());
  return { tab: TABS[url.searchParams.get("tab") ?? ""] ?? "login", redirectTo: safe, ...(prefill ? { prefill } : {}) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const meta = { request, ip: clientIpFromContext(context) };
  if (url.searchParams.get("intent") === "logout") return logout(meta);

  const form = await readFormData(request);
  const solution = form.get(CHALLENGE_FIELD);
  const flowMeta = { ...meta, challenge: typeof solution === "string" ? solution : undefined };
  const intent = String(form.get("intent") ?? "");
  const redirectTo = safeRedirectPath(form.get("redirectTo") || url.searchParams.get("redirectTo"));
  // A password never comes back in the reply.
  const hideFields = ["password"];

  if (intent === "login") {
    const submission = parseFormSubmission(form, loginSchema);
    if (submission.status !== "success") return reply({ intent, result: submission.reply({ hideFields }) }, 400);
    const result = await signIn({ ...submission.value, ...flowMeta, adminEmails: context.config.ADMIN_EMAILS });
    if (!result.ok && result.error === "challenge")
      return askChallenge(intent, "Erro no login", result.challenge, submission.reply({ hideFields }));
    if (!result.ok) {
      const throttled = result.error === "throttled";
      return reply(
        {
          intent,
          result: submission.reply({ hideFields }),
          formError: { title: "Erro no login", description: throttled ? THROTTLED_MESSAGE : "Email ou senha incorretos" },
        },
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
    const submission = parseFormSubmission(form, signupSchema);
    if (submission.status !== "success") return reply({ intent, result: submission.reply({ hideFields }) }, 400);
    const result = await signUp({ ...submission.value, ...flowMeta, adminEmails: context.config.ADMIN_EMAILS });
    if (!result.ok && result.error === "challenge")
      return askChallenge(intent, "Erro ao criar conta", result.challenge, submission.reply({ hideFields }));
    if (!result.ok) {
      const description =
        result.error === "throttled"
          ? THROTTLED_MESSAGE
          : result.error === "exists"
            ? "Este e-mail já tem uma conta. Entre pela aba Login ou recupere sua senha."
            : "Ocorreu um erro ao criar sua conta";
      return reply(
        { intent, result: submission.reply({ hideFields }), formError: { title: "Erro ao criar conta", description } },
        result.error === "throttled" ? 429 : 400,
      );
    }
    return redirectWithToast(
      redirectTo,
      { type: "success", title: "Cadastro realizado!", description: "Conta criada com sucesso!" },
      { headers: cookieHeaders(result.setCookies) },
    );
  }

  if (intent === "recover") {
    const submission = parseFormSubmission(form, recoverSchema);
    if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 400);
    const result = await requestPasswordReset({ ...submission.value, ...flowMeta });
    if (!result.ok) return askChallenge(intent, "Erro ao enviar e-mail", result.challenge, submission.reply());
    return reply({ intent, sentTo: submission.value.email }, 200);
  }

  return reply({ intent: "login", formError: { title: "Erro no login", description: "Não entendemos o pedido. Tente novamente." } }, 400);
}

async function logout(meta: { request: Request; ip: string }) {
  try {
    const cleared = await signOut(meta);
    return redirectWithToast(
      "/",
      { type: "success", title: "Logout realizado", description: "Até logo!" },
      { headers: cookieHeaders(cleared) },
    );
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", { type: "error", title: "Erro ao sair", description: "Tente novamente em instantes." });
  }
}

/** Past the abuse thresholds: not a refusal, a proof-of-work to solve before sending again (428). */
function askChallenge(intent: string, title: string, challenge: Challenge, result: AuthActionData["result"]) {
  return reply({ intent, result, formError: { title, description: CHALLENGE_MESSAGE }, challenge }, 428);
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
  return (
    <AuthPage
      tab={loaderData.tab}
      redirectTo={loaderData.redirectTo}
      prefill={"prefill" in loaderData ? loaderData.prefill : null}
      actionData={actionData}
    />
  );
}
