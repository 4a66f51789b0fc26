import { PartyPopper } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { toast } from "~/platform/ui/toast";
import type { Route } from "./+types/criar-festa";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { focusFirstError, SelectField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { EVENT_TYPES } from "~/domain/parties/event-types";
import { requireUser } from "~/domain/accounts/guards.server";
import { todayInSaoPaulo } from "~/platform/dates";
import { logger } from "~/platform/logger.server";
import { createPartySchema } from "~/domain/parties/party-form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { pageMeta } from "~/platform/ui/meta";
import { redirectWithToast } from "~/platform/http/toast.server";
import { isFilePart, processPhoto, storePhoto } from "~/platform/images/photos.server";
import { InstitutionOptions } from "~/components/party/institution-options";
import { PartyGoalAndMessageFields, PartyPhotoField } from "~/components/party/party-form-fields";
import { sharePagePath } from "~/domain/parties/share-links";
import { listInstitutionsForParties } from "~/domain/organizations/organizations.server";
import { createParty } from "~/domain/parties/parties.server";
import { readFormData } from "~/platform/http/form-data.server";
import { getSetupStatus, setupSteps } from "~/domain/parties/setup-status.server";
import { findCampaignBySlug } from "~/domain/campaigns/campaigns.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Only institutions that may receive a party's gifts, grouped by their cause.
  const institutions = await listInstitutionsForParties();
  // A new installation: admins see what is left to set up; nobody else sees internals.
  const setup = user.isAdmin ? await getSetupStatus() : null;
  // "Criar uma festa nesta campanha" (decision 217): the campaign's institution comes chosen.
  const slug = new URL(request.url).searchParams.get("campanha");
  const found = slug ? await findCampaignBySlug(slug) : null;
  // A closed campaign (decision 222) takes no new party: the form says so and creates a plain one.
  const campaign = found?.closedAt ? null : found;
  return {
    closedCampaignName: found?.closedAt ? found.name : null,
    campaign: campaign
      ? {
          id: campaign.id,
          slug: campaign.slug,
          name: campaign.name,
          organizationId: campaign.organizationId,
          institutionName: campaign.institutionName,
        }
      : null,
    institutions: institutions.map(({ causeId, causeName, institutions }) => ({ causeId, causeName, institutions })),
    today: todayInSaoPaulo(),
    setupSteps: setup && !setup.complete ? setupSteps(setup) : null,
  };
}

type ActionResult = { result: FormResult; formError?: string; photoError?: string };

export async function action({ request }: Route.ActionArgs) {
  // The owner is whoever holds the session; a user id in the form is never read.
  const user = await requireUser(request);
  const form = await readFormData(request);
  const submission = parseFormSubmission(form, createPartySchema());
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  // The cover photo is optional; a bad one is refused with its message and nothing is stored.
  const upload = form.get("foto");
  let coverPhotoKey: string | null = null;
  let photoLater = false;
  if (isFilePart(upload)) {
    const checked = await processPhoto(upload, "capa");
    if (!checked.ok) return data<ActionResult>({ result: submission.reply(), photoError: checked.message }, { status: 400 });
    // Storage down: the party is still created, without its photo (the next page says so).
    if (await storePhoto(checked.photo)) coverPhotoKey = checked.photo.id;
    else photoLater = true;
  }
  let shareCode: string;
  try {
    const result = await createParty(user.id, submission.value, { coverPhotoKey });
    if (!result.ok)
      return data<ActionResult>({ result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) }, { status: 400 });
    shareCode = result.party.shareCode;
  } catch (error) {
    logger.error({ err: error }, "create party failed");
    return data<ActionResult>({ result: submission.reply(), formError: "Erro ao criar festa" }, { status: 500 });
  }
  // The share moment: link, WhatsApp, QR code, invitation and stories image.
  return redirectWithToast(sharePagePath(shareCode, { created: true, photoLater }), {
    type: "success",
    title: "Festa solidária criada com sucesso! 🎉",
  });
}

export const meta = () =>
  pageMeta({
    title: "Criar Festa",
    description: "Crie sua festa solidária em um minuto: seus convidados presenteiam uma causa no lugar dos presentes.",
    noindex: true,
  });

export default function CreatePartyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { institutions, today, setupSteps: pendingSetup, campaign, closedCampaignName } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/criar-festa") === true;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(createPartySchema(today), actionData?.result);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.formError) toast.error(actionData.formError, { description: "Tente novamente em instantes." });
    focusFirstError(formRef.current);
  }, [actionData]);

  return (
    <>
      <PageHeader
        eyebrow="Festa solidária"
        title="Criar Festa"
        description="Em vez de presentes, seus convidados fazem uma doação para a causa que você escolher."
      />
      <div className="mx-auto max-w-2xl px-4 pb-16">
        {pendingSetup ? (
          <Alert title="Configuração inicial pendente" className="relative z-10 -mt-4 mb-8">
            <p>Antes que alguém possa criar uma festa, falta:</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {pendingSetup.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Alert>
        ) : institutions.length === 0 ? (
          <Alert title="Ainda não há causas disponíveis" className="relative z-10 -mt-4 mb-8">
            Estamos preparando as instituições que você poderá apoiar. Volte em breve — ou fale com a gente em Contato.
          </Alert>
        ) : null}
        <Form
          id={form.id}
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={form.onSubmit}
          noValidate
          className="-mt-4 grid gap-5 rounded-2xl bg-white p-5 shadow-soft md:p-8"
        >
          {campaign ? (
            <Alert title={`Campanha ${campaign.name}`} data-testid="campaign-note">
              Esta festa vai somar para a campanha e doar para {campaign.institutionName}, a instituição da campanha.
              <input type="hidden" name="campaignId" value={campaign.id} />
            </Alert>
          ) : closedCampaignName ? (
            <Alert title={`A campanha ${closedCampaignName} foi encerrada`} data-testid="campaign-closed-note">
              Ela não recebe novas festas. Você ainda pode criar a sua festa, fora da campanha.
            </Alert>
          ) : null}
          <TextField
            label="Nome da festa"
            name="name"
            required
            maxLength={120}
            defaultValue={fields.name.initialValue}
            error={fields.name.errors}
            placeholder="Ex.: Aniversário de 30 anos da Ana"
            autoComplete="off"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Tipo de evento"
              name="eventType"
              required
              defaultValue={fields.eventType.initialValue ?? ""}
              error={fields.eventType.errors}
            >
              <option value="" disabled>
                Selecione o tipo
              </option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Data do evento"
              name="eventDate"
              type="date"
              required
              min={today}
              defaultValue={fields.eventDate.initialValue}
              error={fields.eventDate.errors}
            />
          </div>
          {/* Institutions grouped by cause; only active, verified ones are offered (the server checks again). */}
          <SelectField
            label="ONG/Causa"
            name="organizationId"
            required
            defaultValue={fields.organizationId.initialValue ?? campaign?.organizationId ?? ""}
            error={fields.organizationId.errors}
            hint="As doações vão para a instituição escolhida. Só aparecem instituições com CNPJ verificado pela nossa equipe."
          >
            <InstitutionOptions groups={institutions} />
          </SelectField>
          <PartyGoalAndMessageFields
            goal={fields.goal}
            message={fields.message}
            messageRows={4}
            messagePlaceholder="Conte aos convidados por que essa causa é importante para você."
          />
          <PartyPhotoField
            label="Foto de capa (opcional)"
            error={actionData?.photoError}
            extraHint="Sem foto, a página usa a nossa arte de festa."
          />
          <Button type="submit" size="lg" loading={submitting} loadingText="Criando...">
            <PartyPopper size={20} strokeWidth={2} aria-hidden="true" />
            Criar Festa Solidária
          </Button>
        </Form>
      </div>
    </>
  );
}
