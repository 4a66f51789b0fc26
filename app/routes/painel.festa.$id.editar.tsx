import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/painel.festa.$id.editar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { focusFirstError, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { partyCover } from "~/domain/parties/party-images";
import { EDIT_PARTY_MESSAGES, editPartySchema, type EditPartyRules } from "~/domain/parties/party-form";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { updateOwnParty } from "~/domain/parties/own-party.server";
import { sharePagePath } from "~/domain/parties/share-links";
import { addCalendarDays, formatCalendarDate, todayInSaoPaulo } from "~/platform/dates";
import { partyVisibility } from "~/domain/parties/party-status";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { PartyGoalAndMessageFields, PartyPhotoField } from "~/components/party/party-form-fields";
import { isFilePart, processPhoto, storePhoto } from "~/platform/images/photos.server";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";

/**
 * What the form accepts today: name and date only until the party ends (decision 212). On a post,
 * a form without those fields (one loaded before they existed) leaves them as they are.
 */
function editRules(party: { active: boolean; eventDate: string }, now: Date, posted?: FormData): EditPartyRules {
  const today = todayInSaoPaulo(now);
  const live = partyVisibility(party, today) === "live";
  return { today, currentDate: party.eventDate, nameAndDate: live && (!posted || posted.has("name") || posted.has("eventDate")) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { party } = await requireOwnParty(request, params.id);
  return {
    rules: editRules(party, context.clock.now()),
    party: {
      name: party.name,
      shareCode: party.shareCode,
      eventDate: party.eventDate,
      causeName: party.causeName,
      institutionName: party.institutionName,
      message: party.message ?? "",
      goal: party.goalCents > 0 ? formatCents(party.goalCents).replace(/^R\$\s*/, "") : "",
      cover: partyCover(party.coverPhotoKey),
      hasPhoto: party.coverPhotoKey !== null,
    },
  };
}

type ActionResult = { result: FormResult; photoError?: string };

/**
 * The host edits the reason, the goal and the photo of their own party and, until it ends, its
 * name and date (the share link stays); every change is audited.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, party } = await requireOwnParty(request, params.id);
  const form = await readFormData(request);
  const now = context.clock.now();
  const submission = parseFormSubmission(form, editPartySchema(editRules(party, now, form)));
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const upload = form.get("foto");
  let coverPhotoKey: string | undefined;
  let photoNotSaved = false;
  if (isFilePart(upload)) {
    const checked = await processPhoto(upload, "capa");
    if (!checked.ok) return data<ActionResult>({ result: submission.reply(), photoError: checked.message }, { status: 400 });
    if (await storePhoto(checked.photo)) coverPhotoKey = checked.photo.id;
    else photoNotSaved = true;
  }
  const result = await updateOwnParty(user.id, party.id, submission.value, { coverPhotoKey, now });
  if (!result.ok && result.reason === "ended")
    return data<ActionResult>({ result: submission.reply({ fieldErrors: { name: [EDIT_PARTY_MESSAGES.ended] } }) }, { status: 409 });
  if (!result.ok) throw data("Festa não encontrada.", { status: 404 });
  if (photoNotSaved)
    return redirectWithToast(`/painel/festa/${party.shareCode}/editar`, {
      type: "error",
      title: "A foto não pôde ser guardada agora",
      description: "As outras mudanças foram salvas. Tente enviar a foto de novo em alguns minutos.",
    });
  return redirectWithToast(sharePagePath(party.shareCode), { type: "success", title: "Festa atualizada!" });
}

export const meta = () => pageMeta({ title: "Editar festa", description: "Edite sua festa solidária.", noindex: true });

export default function EditPartyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { party, rules } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(editPartySchema(rules), actionData?.result, {
    defaultValue: { goal: party.goal, message: party.message, name: party.name, eventDate: party.eventDate },
  });
  useEffect(() => {
    if (actionData) focusFirstError(formRef.current);
  }, [actionData]);

  return (
    <>
      <PageHeader
        eyebrow="Editar festa"
        title={party.name}
        description={
          rules.nameAndDate
            ? "Mude o nome, a data, o motivo, a meta ou a foto da sua festa."
            : "Mude o motivo, a meta ou a foto da sua festa."
        }
      />
      <div className="mx-auto max-w-2xl px-4 pb-16 [overflow-wrap:anywhere]">
        <Form
          id={form.id}
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={form.onSubmit}
          noValidate
          className="-mt-4 grid gap-5 rounded-2xl bg-white p-5 shadow-soft md:p-8"
        >
          {rules.nameAndDate ? (
            <>
              <TextField
                label="Nome da festa"
                name="name"
                required
                maxLength={120}
                defaultValue={fields.name.initialValue}
                error={fields.name.errors}
                autoComplete="off"
              />
              <TextField
                label="Data do evento"
                name="eventDate"
                type="date"
                required
                min={rules.currentDate < rules.today ? rules.currentDate : rules.today}
                max={addCalendarDays(rules.today, 730)}
                defaultValue={fields.eventDate.initialValue}
                error={fields.eventDate.errors}
                hint="O link da festa continua o mesmo: quem já recebeu o convite não precisa de um novo."
              />
            </>
          ) : (
            <p className="rounded-xl bg-cream p-3 text-sm text-ink" data-testid="nome-data-fixos">
              A festa já terminou: o nome (<strong>{party.name}</strong>) e a data ({formatCalendarDate(party.eventDate)}) ficam como estão,
              para o certificado e o repasse.
            </p>
          )}
          <div>
            <img
              {...party.cover}
              sizes="(min-width: 672px) 36rem, 100vw"
              alt=""
              className="aspect-video w-full rounded-xl bg-coral-100 object-cover"
            />
            <PartyPhotoField
              label={party.hasPhoto ? "Trocar a foto de capa" : "Foto de capa"}
              error={actionData?.photoError}
              className="mt-3"
            />
          </div>
          <PartyGoalAndMessageFields goal={fields.goal} message={fields.message} messageRows={5} />
          <Button type="submit" size="lg" loading={submitting} loadingText="Salvando...">
            Salvar mudanças
          </Button>
        </Form>
        <Alert title="O que só a nossa equipe muda" className="mt-6">
          <p data-testid="o-que-muda">
            Aqui você muda a meta, a mensagem e a foto de capa e, até a festa terminar, o nome e a data. O tipo da festa, a instituição que
            recebe as doações ({party.institutionName ?? "nenhuma"} · {party.causeName}) e o cancelamento são alterados pela nossa equipe,
            para proteger quem já doou:{" "}
            <Link to="/contato" className="font-bold underline underline-offset-2">
              peça em Contato
            </Link>{" "}
            informando o link da festa e o motivo.
          </p>
          <p className="mt-2">
            Se a instituição mudar, a causa da festa passa a ser a da nova instituição, as doações já pagas continuam com quem as recebeu e
            a página da festa diz isso. Você e as duas instituições recebem um e-mail com o motivo.
          </p>
        </Alert>
        <Link to={sharePagePath(party.shareCode)} className={buttonVariants({ variant: "ghost", className: "mt-4" })}>
          Voltar
        </Link>
      </div>
    </>
  );
}
