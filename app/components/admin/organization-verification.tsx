import { BadgeCheck } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError, TextareaField } from "~/components/ui/field";
import { organizationVerificationSchema } from "~/domain/organizations/organization-form";
import { formatDateTime } from "~/platform/dates";
import { IntentInput, useSubmittingIntent, useTabForm } from "./common";

export function VerificationBadge({ verifiedAt }: { verifiedAt: Date | string | null }) {
  return verifiedAt ? (
    <Badge tone="paid">
      <BadgeCheck size={14} strokeWidth={2} aria-hidden="true" /> Verificada
    </Badge>
  ) : (
    <Badge tone="pending">Não verificada</Badge>
  );
}

type Verifiable = {
  id: string;
  name: string;
  cnpj: string | null;
  verifiedAt: Date | string | null;
  verifiedByName: string | null;
  verificationNote: string | null;
};

/**
 * "Verificar": an admin vouches for the CNPJ and Pix key after checking the documents. Who, when
 * and the note go on the row and into the audit log; changing the CNPJ or key later undoes it.
 * Remounted after each verification, so the note starts empty again.
 */
export function OrganizationVerification({ organization: o }: { organization: Verifiable }) {
  const intent = "verifyOrganization";
  const [form, fields] = useTabForm(intent, organizationVerificationSchema);
  const submitting = useSubmittingIntent(intent);
  return (
    <section aria-labelledby="verificacao-ong" className="mt-8 border-t border-coral-100 pt-6">
      <h3 id="verificacao-ong" className="flex flex-wrap items-center gap-2 text-lg font-extrabold text-indigo-800">
        Verificação <VerificationBadge verifiedAt={o.verifiedAt} />
      </h3>
      <p className="mt-2 text-sm text-muted">
        {o.verifiedAt
          ? `Verificada em ${formatDateTime(o.verifiedAt)}${o.verifiedByName ? ` por ${o.verifiedByName}` : ""}.`
          : "Confira o cartão CNPJ, o estatuto e a titularidade da chave Pix antes de verificar. Só ONGs verificadas recebem doações diretas."}
        {o.verificationNote ? ` Observação: ${o.verificationNote}` : ""}
      </p>
      <Form
        id={form.id}
        method="post"
        onSubmit={form.onSubmit}
        noValidate
        aria-describedby={form.errors ? `${form.id}-erro` : undefined}
        className="mt-4 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end"
      >
        <IntentInput intent={intent} />
        <input type="hidden" name="id" value={o.id} />
        <TextareaField
          label="Observação (fica no registro de auditoria)"
          name="note"
          rows={2}
          maxLength={500}
          defaultValue={fields.note.initialValue}
          error={fields.note.errors}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="decision" value="verificar" loading={submitting} loadingText="Salvando..." disabled={!o.cnpj}>
            {o.verifiedAt ? "Verificar de novo" : "Verificar"}
          </Button>
          {o.verifiedAt ? (
            <Button type="submit" name="decision" value="remover" variant="secondary" disabled={submitting}>
              Remover verificação
            </Button>
          ) : null}
        </div>
        {form.errors ? (
          <div className="md:col-span-2">
            <FieldError id={`${form.id}-erro`} error={form.errors} />
          </div>
        ) : null}
      </Form>
    </section>
  );
}
