import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/painel.festas.$id.agradecer";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { requireUser } from "~/domain/accounts/guards.server";
import { partyThankYouView, sendPartyThankYou } from "~/domain/impact/party-thanks.server";
import { THANK_YOU_LIMITS, thankYouSchema } from "~/domain/impact/thank-you-form";
import { formatDateTime } from "~/platform/dates";
import { firstErrors, postedText, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

/** /painel/festas/{id}/agradecer: after the party ends, one thank-you message to the donors who asked for its news. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/painel" });
  const view = /^[0-9a-f-]{36}$/.test(params.id) ? await partyThankYouView(params.id, user.id, context.clock.now()) : null;
  if (!view) throw data("Festa não encontrada ou ainda não encerrada.", { status: 404 });
  return {
    partyName: view.partyName,
    recipients: view.recipients,
    sent: view.sent ? { at: formatDateTime(view.sent.at), recipients: view.sent.recipients, message: view.sent.message } : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: "/painel" });
  const submission = parseFormSubmission(await readFormData(request), thankYouSchema);
  if (submission.status !== "success") return data({ result: submission.reply() as FormResult }, { status: 400 });
  const result = /^[0-9a-f-]{36}$/.test(params.id)
    ? await sendPartyThankYou(params.id, user.id, submission.value.mensagem, {
        mailer: context.mailer,
        publicUrl: context.config.PUBLIC_URL,
        now: context.clock.now(),
      })
    : ({ ok: false, reason: "not-found" } as const);
  if (!result.ok && result.reason === "not-found") throw data("Festa não encontrada ou ainda não encerrada.", { status: 404 });
  if (!result.ok)
    return redirectWithToast(`/painel/festas/${params.id}/agradecer`, {
      type: "error",
      title: "Mensagem já enviada",
      description: "Cada festa pode enviar um agradecimento só uma vez.",
    });
  return redirectWithToast("/painel", {
    type: "success",
    title: "Agradecimento enviado!",
    description:
      result.recipients === 1 ? "1 convidado vai receber a sua mensagem." : `${result.recipients} convidados vão receber a sua mensagem.`,
  });
}

export const meta = () => pageMeta({ title: "Agradecer aos convidados", description: "Envie um recado a quem doou.", noindex: true });

export default function ThankGuests({ loaderData, actionData }: Route.ComponentProps) {
  const { partyName, recipients, sent } = loaderData;
  const errors = firstErrors(actionData?.result);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 md:py-14">
      <Link to="/painel" className="text-sm font-bold text-indigo-700 hover:underline">
        ← Voltar ao painel
      </Link>
      <h1 className="mt-3 text-3xl">Agradecer aos convidados</h1>
      <p className="mt-2 text-muted">
        Festa <strong className="text-ink">{partyName}</strong>
      </p>
      <Card className="mt-6">
        {sent ? (
          <Alert tone="success" title="Agradecimento enviado">
            Enviado em {sent.at} para {sent.recipients === 1 ? "1 convidado" : `${sent.recipients} convidados`}. Cada festa envia um
            agradecimento só uma vez.
            <span className="mt-2 block whitespace-pre-line italic">“{sent.message}”</span>
          </Alert>
        ) : recipients === 0 ? (
          <Alert tone="info" title="Ninguém para receber ainda">
            Nenhum convidado marcou “Quero receber notícias desta festa” ao doar. Só quem pediu recebe mensagens.
          </Alert>
        ) : (
          <Form method="post" className="space-y-4">
            <p>
              {recipients === 1 ? "1 convidado pediu" : `${recipients} convidados pediram`} notícias desta festa ao doar. Você pode enviar{" "}
              <strong>uma</strong> mensagem de agradecimento; o seu e-mail não é mostrado a eles, nem o deles a você.
            </p>
            <TextareaField
              label="Sua mensagem"
              name="mensagem"
              rows={6}
              required
              minLength={THANK_YOU_LIMITS.min}
              maxLength={THANK_YOU_LIMITS.max}
              defaultValue={postedText(actionData?.result, "mensagem")}
              error={errors.mensagem}
            />
            <Button type="submit" loading={submitting} loadingText="Enviando...">
              Enviar agradecimento
            </Button>
          </Form>
        )}
      </Card>
      <Link to="/painel" className={buttonVariants({ variant: "ghost", className: "mt-4" })}>
        Voltar ao painel
      </Link>
    </div>
  );
}
