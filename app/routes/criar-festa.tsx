import { PartyPopper } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/criar-festa";
import { Button } from "~/components/ui/button";
import { focusFirstError, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { EVENT_TYPES } from "~/db/schema";
import { requireUser } from "~/lib/auth.server";
import { todayInSaoPaulo } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { PARTY_FIELDS, type PartyFieldErrors, parseCreatePartyForm } from "~/lib/party-schema";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { listActiveCauses } from "~/models/causes.server";
import { createParty } from "~/models/party.server";
import { readFormData } from "~/lib/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const causes = await listActiveCauses();
  return { causes: causes.map(({ id, name }) => ({ id, name })), today: todayInSaoPaulo() };
}

type ActionResult = { errors: PartyFieldErrors; values: Record<string, string>; formError?: string };

export async function action({ request }: Route.ActionArgs) {
  // The owner is whoever holds the session; a user id in the form is never read.
  const user = await requireUser(request);
  const form = await readFormData(request);
  const values = Object.fromEntries(PARTY_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const parsed = parseCreatePartyForm(form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values }, { status: 400 });
  try {
    const result = await createParty(user.id, parsed.data);
    if (!result.ok) return data<ActionResult>({ errors: { [result.field]: result.message }, values }, { status: 400 });
  } catch (error) {
    logger.error({ err: error }, "create party failed");
    return data<ActionResult>({ errors: {}, values, formError: "Erro ao criar festa" }, { status: 500 });
  }
  return redirectWithToast("/painel", { type: "success", title: "Festa solidária criada com sucesso! 🎉" });
}

export const meta = () =>
  pageMeta({
    title: "Criar Festa",
    description: "Crie sua festa solidária em um minuto: seus convidados presenteiam uma causa no lugar dos presentes.",
    noindex: true,
  });

export default function CreatePartyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { causes, today } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/criar-festa";
  const formRef = useRef<HTMLFormElement>(null);
  const errors: PartyFieldErrors = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};

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
        {/* key: a new submission result re-applies the posted values to the uncontrolled fields */}
        <Form key={JSON.stringify(values)} ref={formRef} method="post" noValidate className="-mt-4 grid gap-5 rounded-2xl bg-white p-5 shadow-soft md:p-8">
          <TextField label="Nome da festa" name="name" required maxLength={120} defaultValue={values.name} error={errors.name} placeholder="Ex.: Aniversário de 30 anos da Ana" autoComplete="off" />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Tipo de evento" name="eventType" required defaultValue={values.eventType ?? ""} error={errors.eventType}>
              <option value="" disabled>
                Selecione o tipo
              </option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
            <TextField label="Data do evento" name="eventDate" type="date" required min={today} defaultValue={values.eventDate} error={errors.eventDate} />
          </div>
          <SelectField label="ONG/Causa" name="causeId" required defaultValue={values.causeId ?? ""} error={errors.causeId}>
            <option value="" disabled>
              Selecione a causa
            </option>
            {causes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Meta de arrecadação (opcional)"
            name="goal"
            inputMode="decimal"
            defaultValue={values.goal}
            error={errors.goal}
            placeholder="Ex.: 1.500,00"
            hint="Em reais. Deixe em branco se preferir não definir uma meta."
          />
          <TextareaField
            label="Porque escolhi essa ONG/Causa (opcional)"
            name="message"
            rows={4}
            maxLength={1000}
            defaultValue={values.message}
            error={errors.message}
            placeholder="Conte aos convidados por que essa causa é importante para você."
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
