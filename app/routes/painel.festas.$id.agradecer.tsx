import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/painel.festas.$id.agradecer";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { requireUser } from "~/domain/accounts/guards.server";
import { partyThankYouView, sendPartyThankYou } from "~/domain/impact/party-thanks.server";
import { PARTY_UPDATE_LIMIT_TEXT, THANK_YOU_LIMITS, thankYouSchema } from "~/domain/impact/thank-you-form";
import { sharePagePath } from "~/domain/parties/share-links";
import { formatDateTime } from "~/platform/dates";
import { firstErrors, postedText, type FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

const NOT_FOUND = "Festa não encontrada.";
const isId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/**
 * /painel/festas/{id}/agradecer: the host's news to the guests who asked for it, while the party is
 * on and after it; one message every 24 hours (decision 212).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/painel" });
  const view = isId(params.id) ? await partyThankYouView(params.id, user.id, context.clock.now()) : null;
  if (!view) throw data(NOT_FOUND, { status: 404 });
  return {
    partyName: view.partyName,
    shareCode: view.shareCode,
    ended: view.ended,
    recipients: view.recipients,
    nextAt: view.nextAt ? formatDateTime(view.nextAt) : null,
    sent: view.sent.map((m) => ({ at: formatDateTime(m.at), recipients: m.recipients, message: m.message })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: "/painel" });
  const submission = parseFormSubmission(await readFormData(request), thankYouSchema);
  if (submission.status !== "success") return data({ result: submission.reply() as FormResult }, { status: 400 });
  const result = isId(params.id)
    ? await sendPartyThankYou(params.id, user.id, submission.value.mensagem, {
        mailer: context.mailer,
        publicUrl: context.config.PUBLIC_URL,
        now: context.clock.now(),
      })
    : ({ ok: false, reason: "not-found" } as const);
  if (!result.ok && result.reason === "not-found") throw data(NOT_FOUND, { status: 404 });
  const here = `/painel/festas/${params.id}/agradecer`;
  if (!result.ok)
    return redirectWithToast(here, {
      type: "error",
      title: "Aguarde para enviar outra mensagem",
      description: `${PARTY_UPDATE_LIMIT_TEXT} A próxima pode sair a partir de ${formatDateTime(result.nextAt)}.`,
    });
  return redirectWithToast(here, {
    type: "success",
    title: "Mensagem enviada!",
    description:
      result.recipients === 1 ? "1 convidado vai receber a sua mensagem." : `${result.recipients} convidados vão receber a sua mensagem.`,
  });
}

export const meta = () => pageMeta({ title: "Mensagem aos convidados", description: "Envie um recado a quem doou.", noindex: true });

const guests = (n: number) => (n === 1 ? "1 convidado" : `${n} convidados`);

export default function ThankGuests({ loaderData, actionData }: Route.ComponentProps) {
  const { partyName, shareCode, ended, recipients, nextAt, sent } = loaderData;
  const errors = firstErrors(actionData?.result);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 [overflow-wrap:anywhere] md:py-14">
      <Link to={sharePagePath(shareCode)} className="text-sm font-bold text-indigo-700 hover:underline">
        ← Voltar à festa
      </Link>
      <h1 className="mt-3 text-3xl">{ended ? "Agradecer aos convidados" : "Mandar notícias aos convidados"}</h1>
      <p className="mt-2 text-muted">
        Festa <strong className="text-ink">{partyName}</strong>
      </p>
      <Card className="mt-6 space-y-4">
        {recipients === 0 ? (
          <Alert tone="info" title="Ninguém para receber ainda">
            Nenhum convidado marcou “Quero receber notícias desta festa” ao doar. Só quem pediu recebe mensagens.
          </Alert>
        ) : nextAt ? (
          <Alert tone="info" title="Mensagem enviada há pouco">
            {PARTY_UPDATE_LIMIT_TEXT} A próxima pode sair a partir de {nextAt}.
          </Alert>
        ) : (
          <Form method="post" className="space-y-4">
            <p>
              {recipients === 1 ? "1 convidado pediu" : `${recipients} convidados pediram`} notícias desta festa ao doar.{" "}
              {ended ? "Conte como foi e agradeça o carinho." : "Conte como a festa está indo, lembre da data ou agradeça quem já doou."}
            </p>
            <p className="text-sm text-muted">
              {PARTY_UPDATE_LIMIT_TEXT} A mensagem sai do nosso endereço, sem mostrar o seu e-mail, e cada convidado pode deixar de receber
              com um clique.
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
              Enviar mensagem
            </Button>
          </Form>
        )}
      </Card>
      {sent.length > 0 ? (
        <section aria-labelledby="enviadas" className="mt-8">
          <h2 id="enviadas" className="text-xl">
            Mensagens enviadas
          </h2>
          <ul className="mt-3 grid gap-3">
            {sent.map((m) => (
              <li key={m.at + m.message} className="rounded-2xl border border-coral-100 bg-white p-4 text-sm">
                <p className="font-bold text-indigo-800">
                  {m.at} · para {guests(m.recipients)}
                </p>
                <p className="mt-1 whitespace-pre-line text-ink/90">{m.message}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to={sharePagePath(shareCode)} className={buttonVariants({ variant: "ghost", className: "mt-4" })}>
        Voltar à festa
      </Link>
    </div>
  );
}
