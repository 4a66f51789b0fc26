import { DoorClosed, DoorOpen, Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/campanha.$slug.editar";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { focusFirstError, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireUser } from "~/domain/accounts/guards.server";
import { editCampaignSchema } from "~/domain/campaigns/campaign-form";
import { findOwnCampaign, setOwnCampaignClosed, updateOwnCampaign } from "~/domain/campaigns/campaign-manage.server";
import { formatDate } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

/**
 * /campanha/{slug}/editar (decision 222): the campaign's creator — and nobody else, not even an
 * admin (404) — fixes its name and description and closes or reopens it. The link never changes.
 */
async function requireOwnCampaign(request: Request, slug: string) {
  const user = await requireUser(request);
  const campaign = await findOwnCampaign(user.id, slug);
  if (!campaign) throw data("Campanha não encontrada.", { status: 404 });
  return { user, campaign };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { campaign } = await requireOwnCampaign(request, params.slug);
  return {
    campaign: {
      slug: campaign.slug,
      name: campaign.name,
      description: campaign.description ?? "",
      institutionName: campaign.institutionName,
      closedAt: campaign.closedAt?.toISOString() ?? null,
      hiddenReason: campaign.hiddenAt ? campaign.hiddenReason : null,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, campaign } = await requireOwnCampaign(request, params.slug);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const page = `/campanha/${campaign.slug}`;
  if (intent === "encerrar" || intent === "reabrir") {
    await setOwnCampaignClosed(user.id, campaign.id, intent === "encerrar");
    return redirectWithToast(intent === "encerrar" ? `${page}/editar` : page, {
      type: "success",
      title: intent === "encerrar" ? "Campanha encerrada" : "Campanha reaberta",
      description: intent === "encerrar" ? "A página e o ranking continuam no ar; novas festas não entram mais." : undefined,
    });
  }
  const submission = parseFormSubmission(form, editCampaignSchema);
  if (submission.status !== "success") return data({ result: submission.reply() as FormResult }, { status: 400 });
  const changed = await updateOwnCampaign(user.id, campaign.id, submission.value);
  if (!changed.ok)
    return data(
      { result: submission.reply({ formErrors: ["A equipe ocultou esta campanha: ela não pode ser editada agora."] }) as FormResult },
      { status: 409 },
    );
  return redirectWithToast(page, { type: "success", title: "Campanha atualizada!" });
}

export const meta = () => pageMeta({ title: "Editar campanha", description: "Edite a sua campanha solidária.", noindex: true });

export default function EditCampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "salvar") : null;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(editCampaignSchema, actionData?.result, {
    defaultValue: { name: campaign.name, description: campaign.description },
  });
  useEffect(() => {
    if (actionData) focusFirstError(formRef.current);
  }, [actionData]);
  const hidden = campaign.hiddenReason !== null;

  return (
    <>
      <PageHeader
        eyebrow="Editar campanha"
        title={campaign.name}
        description={`Todas as festas da campanha doam para ${campaign.institutionName}.`}
      />
      <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16 [overflow-wrap:anywhere]">
        {hidden ? (
          <Alert tone="danger" title="A equipe ocultou esta campanha" className="relative z-10 -mt-4">
            <p>A página não aparece para o público; as festas da campanha continuam no ar e recebendo doações.</p>
            <p className="mt-2">Motivo: {campaign.hiddenReason}</p>
          </Alert>
        ) : null}
        <Form
          id={form.id}
          ref={formRef}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className={`grid gap-5 rounded-2xl bg-white p-5 shadow-soft md:p-8 ${hidden ? "" : "-mt-4"}`}
        >
          {form.errors?.length ? (
            <Alert tone="danger" title="Não foi possível salvar">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <TextField
            label="Nome da campanha"
            name="name"
            required
            maxLength={120}
            defaultValue={fields.name.initialValue}
            error={fields.name.errors}
            hint="O endereço da página não muda."
            autoComplete="off"
          />
          <TextareaField
            label="Descrição (opcional)"
            name="description"
            rows={3}
            maxLength={500}
            defaultValue={fields.description.initialValue}
            error={fields.description.errors}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="salvar" size="lg" loading={busyIntent === "salvar"} loadingText="Salvando...">
              <Save size={20} strokeWidth={2} aria-hidden="true" />
              Salvar
            </Button>
            <Link to={`/campanha/${campaign.slug}`} className={buttonVariants({ variant: "secondary", size: "lg" })}>
              Voltar à campanha
            </Link>
          </div>
        </Form>
        <section aria-labelledby="encerrar" className="rounded-2xl bg-white p-5 shadow-soft md:p-8">
          <h2 id="encerrar" className="text-xl">
            {campaign.closedAt ? "Campanha encerrada" : "Encerrar a campanha"}
          </h2>
          <p className="mt-2 text-muted">
            {campaign.closedAt
              ? `Encerrada em ${formatDate(campaign.closedAt)}. A página e o ranking continuam no ar; novas festas não entram. Você pode reabrir quando quiser.`
              : "A página e o ranking continuam no ar, as festas seguem recebendo doações, mas ninguém cria festas novas nela. Dá para reabrir depois."}
          </p>
          <Form method="post" className="mt-4">
            <Button
              type="submit"
              name="intent"
              value={campaign.closedAt ? "reabrir" : "encerrar"}
              variant="secondary"
              loading={busyIntent === "encerrar" || busyIntent === "reabrir"}
              loadingText={campaign.closedAt ? "Reabrindo..." : "Encerrando..."}
            >
              {campaign.closedAt ? (
                <DoorOpen size={18} strokeWidth={2} aria-hidden="true" />
              ) : (
                <DoorClosed size={18} strokeWidth={2} aria-hidden="true" />
              )}
              {campaign.closedAt ? "Reabrir a campanha" : "Encerrar a campanha"}
            </Button>
          </Form>
        </section>
      </div>
    </>
  );
}
