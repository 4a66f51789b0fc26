import { MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/conta.confirmar-endereco";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireUser } from "~/domain/accounts/guards.server";
import { findAccountProfile } from "~/domain/accounts/account.server";
import { confirmAddress, resendEmailConfirmation } from "~/domain/accounts/email-verification.server";
import { resendConfirmationSchema } from "~/domain/accounts/email-verification-form";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () => pageMeta({ title: "Confirmar e-mail", description: "Confirmação do e-mail da sua conta.", noindex: true });

const FAILURES = {
  invalid: {
    title: "Link inválido",
    text: "Este link não é válido: confira se copiou o endereço inteiro. Você pode pedir um novo abaixo.",
  },
  expired: { title: "Link expirado", text: "Este link venceu (ele vale por 7 dias). Peça um novo abaixo." },
  stale: { title: "Link já não vale", text: "O e-mail da conta mudou depois que este link foi enviado. Peça um novo abaixo." },
  "other-account": {
    title: "Este link é de outra conta",
    text: "Ele confirma o e-mail de outra conta. Saia desta conta e entre com a que recebeu o e-mail. Nada foi alterado.",
  },
} as const;

/**
 * The link in the welcome e-mail. It acts only for the account it was sent to, signed in (the
 * session proves the account, the link the mailbox: decision 182); without a session /auth
 * brings the person back here. Without a token: where the address stands, and a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const profile = await findAccountProfile(session.id);
  if (!profile) throw data(null, { status: 404 });
  const token = linkToken(request);
  if (token === null) return { view: "status" as const, email: profile.email, verified: profile.emailVerified };
  const outcome = await confirmAddress(
    { token, sessionUserId: session.id, now: context.clock.now() },
    { adminEmails: context.config.ADMIN_EMAILS },
  );
  if (outcome.ok) return { view: "confirmed" as const, email: outcome.email, attachedGifts: outcome.attachedGifts };
  const failure = { view: "failed" as const, ...FAILURES[outcome.error], verified: profile.emailVerified };
  return data(failure, { status: outcome.error === "expired" ? 410 : outcome.error === "other-account" ? 403 : 400 });
}

type ActionData = { sent: true } | { sent: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireUser(request);
  const submission = parseFormSubmission(await readFormData(request), resendConfirmationSchema);
  if (submission.status !== "success") return data<ActionData>({ sent: false, message: "Pedido inválido." }, { status: 400 });
  const profile = await findAccountProfile(session.id);
  if (!profile) throw data(null, { status: 404 });
  const result = await resendEmailConfirmation(profile, {
    mailer: context.mailer,
    publicUrl: context.config.PUBLIC_URL,
    now: context.clock.now(),
  });
  if (result.ok) return data<ActionData>({ sent: true });
  if (result.error === "verified") return data<ActionData>({ sent: false, message: "Seu e-mail já está confirmado." });
  return data<ActionData>(
    { sent: false, message: "Você já pediu vários links nesta hora. Aguarde um pouco e confira também a caixa de spam." },
    { status: 429 },
  );
}

function gifts(count: number) {
  return count === 1 ? "1 doação feita" : `${count} doações feitas`;
}

export default function ConfirmAddress({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const canResend = loaderData.view !== "confirmed" && !loaderData.verified;
  return (
    <div className="mx-auto max-w-xl px-4 py-14">
      <h1 className="text-3xl">Confirmação de e-mail</h1>
      <div className="mt-6 space-y-4">
        {loaderData.view === "confirmed" ? (
          <Alert tone="success" title="E-mail confirmado!">
            <p>
              Obrigado! <strong className="break-all">{loaderData.email}</strong> agora está confirmado na sua conta.
            </p>
            {loaderData.attachedGifts > 0 ? (
              <p className="mt-2">
                Encontramos {gifts(loaderData.attachedGifts)} com este e-mail sem entrar na conta.{" "}
                {loaderData.attachedGifts === 1 ? "Agora ela aparece" : "Agora elas aparecem"} em Minhas doações, com os recibos e o informe
                anual.
              </p>
            ) : null}
          </Alert>
        ) : loaderData.view === "failed" ? (
          <Alert tone="danger" title={loaderData.title}>
            {loaderData.text}
          </Alert>
        ) : loaderData.verified ? (
          <Alert tone="success" title="Seu e-mail está confirmado">
            <span className="break-all">{loaderData.email}</span> já foi confirmado. Nada mais a fazer por aqui.
          </Alert>
        ) : (
          <Alert tone="info" title="Falta confirmar seu e-mail">
            Enviamos um link para <strong className="break-all">{loaderData.email}</strong> quando você criou a conta. Abra o e-mail e toque
            em “Confirmar meu e-mail”. Não achou? Confira a caixa de spam ou peça um novo link.
          </Alert>
        )}
        {actionData ? (
          actionData.sent ? (
            <Alert tone="success" title="Link enviado!">
              Enviamos um novo link para o e-mail da sua conta. Ele vale por 7 dias.
            </Alert>
          ) : (
            <Alert tone="danger" title="Não foi possível enviar">
              {actionData.message}
            </Alert>
          )
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {canResend ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reenviar" />
            <Button type="submit" variant="secondary" loading={sending} loadingText="Enviando...">
              <MailCheck aria-hidden="true" />
              Enviar um novo link
            </Button>
          </Form>
        ) : null}
        <Link to="/conta#minhas-doacoes" className={buttonVariants()}>
          Ver minhas doações
        </Link>
      </div>
    </div>
  );
}
