import { data, redirect } from "react-router";
import type { Route } from "./+types/redefinir-senha";
import { ResetPasswordPage, type ResetActionData } from "~/components/auth/reset-password-page";
import { isResetTokenLive, resetPassword, THROTTLED_MESSAGE } from "~/lib/auth-flows.server";
import { MESSAGES, MIN_PASSWORD } from "~/lib/auth-forms";
import { clientIpFromContext } from "~/lib/client-ip.server";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";
import { readFormData } from "~/lib/form-data.server";

/** Seconds before leaving for /auth (product-spec §9). */
const INVALID_DELAY = 3;
const SUCCESS_DELAY = 2;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("sucesso")) return { state: "done" as const, token: null };
  const token = url.searchParams.get("token") ?? "";
  if (!(await isResetTokenLive(token))) return { state: "invalid" as const, token: null };
  return { state: "form" as const, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");

  const invalid = (errors: ResetActionData["errors"], formError?: ResetActionData["formError"]) =>
    data<ResetActionData>({ errors, formError }, { status: 400 });
  if (!password) return invalid({ password: "Informe a nova senha." });
  if (!confirm) return invalid({ confirm: MESSAGES.confirmRequired });
  if (password.length < MIN_PASSWORD || confirm.length < MIN_PASSWORD) {
    return invalid(
      { [password.length < MIN_PASSWORD ? "password" : "confirm"]: MESSAGES.passwordShort },
      { title: "Senha muito curta", description: MESSAGES.passwordShort },
    );
  }
  if (password.length > 128) return invalid({ password: MESSAGES.passwordLong });
  if (password !== confirm) {
    return invalid(
      { confirm: "Por favor, digite a mesma senha nos dois campos." },
      { title: "Senhas não coincidem", description: "Por favor, digite a mesma senha nos dois campos." },
    );
  }

  try {
    const result = await resetPassword({ token, newPassword: password, request, ip: clientIpFromContext(context) });
    if (result.ok) return redirect("/redefinir-senha?sucesso=1");
    // A spent, expired or tampered token: the loader shows "Link inválido" and leaves for /auth.
    if (result.error === "invalid-token") return redirect("/redefinir-senha");
    return data<ResetActionData>({ formError: { title: "Erro ao atualizar senha", description: THROTTLED_MESSAGE } }, { status: 429 });
  } catch (error) {
    logger.error({ err: error }, "password reset failed");
    return data<ResetActionData>(
      { formError: { title: "Erro ao atualizar senha", description: "Não foi possível atualizar sua senha. Tente novamente." } },
      { status: 500 },
    );
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const base = pageMeta({ title: "Redefinir senha", description: "Crie uma nova senha para sua conta na Festa Solidária.", noindex: true });
  // Without JavaScript the browser still moves on to /auth after the spec's delay.
  const delay = loaderData?.state === "invalid" ? INVALID_DELAY : loaderData?.state === "done" ? SUCCESS_DELAY : null;
  return delay === null ? base : [...base, { httpEquiv: "refresh", content: `${delay};url=/auth` }];
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      state={loaderData.state}
      token={loaderData.token}
      actionData={actionData}
      delaySeconds={loaderData.state === "invalid" ? INVALID_DELAY : SUCCESS_DELAY}
    />
  );
}
