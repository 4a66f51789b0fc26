import { Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/campanhas.nova";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { focusFirstError, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { InstitutionOptions } from "~/components/party/institution-options";
import { PageHeader } from "~/components/ui/page-header";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireUser } from "~/domain/accounts/guards.server";
import { createCampaignSchema } from "~/domain/campaigns/campaign-form";
import { createCampaign } from "~/domain/campaigns/campaigns.server";
import { listInstitutionsForParties } from "~/domain/organizations/organizations.server";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

/** /campanhas/nova (decision 217): a team — a company, a school, a family — groups its parties for one institution. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const institutions = await listInstitutionsForParties();
  return { institutions: institutions.map(({ causeId, causeName, institutions }) => ({ causeId, causeName, institutions })) };
}

export async function action({ request }: Route.ActionArgs) {
  // The creator is whoever holds the session; nothing in the form names them.
  const user = await requireUser(request);
  const submission = parseFormSubmission(await readFormData(request), createCampaignSchema);
  if (submission.status !== "success") return data({ result: submission.reply() as FormResult }, { status: 400 });
  const created = await createCampaign(user.id, submission.value);
  if (!created.ok)
    return data({ result: submission.reply({ fieldErrors: { [created.field]: [created.message] } }) as FormResult }, { status: 400 });
  return redirectWithToast(`/campanha/${created.slug}`, { type: "success", title: "Campanha criada! Agora é só chamar o time." });
}

export const meta = () =>
  pageMeta({
    title: "Nova campanha",
    description: "Reúna as festas solidárias da sua empresa, escola ou família em uma campanha.",
    noindex: true,
  });

export default function NewCampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { institutions } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(createCampaignSchema, actionData?.result);
  useEffect(() => {
    if (actionData) focusFirstError(formRef.current);
  }, [actionData]);
  return (
    <>
      <PageHeader
        eyebrow="Campanhas"
        title="Nova campanha"
        description="Uma empresa, uma escola ou uma família: cada pessoa do time cria a sua festa, e a página da campanha soma tudo."
      />
      <div className="mx-auto max-w-2xl px-4 pb-16">
        {institutions.length === 0 ? (
          <Alert title="Ainda não há instituições disponíveis" className="relative z-10 -mt-4 mb-8">
            Estamos preparando as instituições que você poderá apoiar. Volte em breve.
          </Alert>
        ) : null}
        <Form
          id={form.id}
          ref={formRef}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="-mt-4 grid gap-5 rounded-2xl bg-white p-5 shadow-soft md:p-8"
        >
          <TextField
            label="Nome da campanha"
            name="name"
            required
            maxLength={120}
            defaultValue={fields.name.initialValue}
            error={fields.name.errors}
            placeholder="Ex.: Natal Solidário da Escola Aurora"
            autoComplete="off"
          />
          <SelectField
            label="Instituição"
            name="organizationId"
            required
            defaultValue={fields.organizationId.initialValue ?? ""}
            error={fields.organizationId.errors}
            hint="Todas as festas da campanha doam para esta instituição."
          >
            <InstitutionOptions groups={institutions} />
          </SelectField>
          <TextareaField
            label="Descrição (opcional)"
            name="description"
            rows={3}
            maxLength={500}
            defaultValue={fields.description.initialValue}
            error={fields.description.errors}
            placeholder="Conte ao time por que vocês estão juntos nessa."
          />
          <Button type="submit" size="lg" loading={submitting} loadingText="Criando...">
            <Users size={20} strokeWidth={2} aria-hidden="true" />
            Criar campanha
          </Button>
        </Form>
      </div>
    </>
  );
}
