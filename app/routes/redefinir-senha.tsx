import { data, redirect } from "react-router";
import type { Route } from "./+types/redefinir-senha";
import { ResetPasswordPage, type ResetActionData } from "~/components/auth/reset-password-page";
import { isResetTokenLive, resetPassword, THROTTLED_MESSAGE } from "~/domain/accounts/auth-flows.server";
import { resetFormAlert, resetSchema } from "~/domain/accounts/auth-forms";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { getConfig } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { pageMeta } from "~/platform/ui/meta";
import { readFormData } from "~/platform/http/form-data.server";
import { forgetLinkToken, linkToken } from "~/platform/http/link-token.server";

/** Seconds before leaving for /auth (product-spec §9). */
const INVALID_DELAY = 3;
const SUCCESS_DELAY = 2;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("sucesso")) return { state: "done" as const, token: null };
  const token = linkToken(request) ?? "";
  if (!(await isResetTokenLive(token))) return { state: "invalid" as const, token: null };
  return { state: "form" as const, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const submission = parseFormSubmission(form, resetSchema);
  // A token too long to be ours is a spent link: the loader says so and leaves for /auth.
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    if (error.token) return redirect("/redefinir-senha");
    return data<ResetActionData>(
      { result: submission.reply({ hideFields: ["password", "confirm"] }), formError: resetFormAlert(error) },
      { status: 400 },
    );
  }
  const { token, password } = submission.value;

  try {
    const result = await resetPassword({ token, newPassword: password, request, ip: clientIpFromContext(context) });
    if (result.ok) {
      // The spent token's cookie goes too (decision 195).
      const headers = new Headers();
      for (const cookie of forgetLinkToken("/redefinir-senha", getConfig().isProduction)) headers.append("Set-Cookie", cookie);
      return redirect("/redefinir-senha?sucesso=1", { headers });
    }
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
