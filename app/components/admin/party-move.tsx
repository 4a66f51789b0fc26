/**
 * Festas → "Mudar de instituição" (decision 165): the new institution, a required reason and a
 * confirmation that the gifts already paid stay where they went. A <details> form, so it works
 * without JavaScript; opened again when the server refuses it.
 */
import type { loadPartiesPanel } from "~/domain/parties/party-admin.server";
import { ArrowRightLeft } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { partyMoveSchema } from "~/domain/parties/party-admin-form";
import { IntentInput, useIntentResult, useSubmittingIntent, useTabForm } from "./common";

type Data = Awaited<ReturnType<typeof loadPartiesPanel>>;

export function MovePartyForm({ party, institutions }: { party: NonNullable<Data["editing"]>; institutions: Data["institutions"] }) {
  const intent = "moveParty";
  const [form, fields] = useTabForm(intent, partyMoveSchema, undefined, { field: "id", value: party.id });
  const reply = useIntentResult(intent);
  const refused = Boolean(reply && !reply.ok);
  const submitting = useSubmittingIntent(intent);
  const current = party.organizationName ?? "nenhuma instituição";
  return (
    <Card data-testid="mudar-instituicao">
      <details className="group" open={refused || undefined}>
        <summary className="flex cursor-pointer items-center gap-2 font-bold text-indigo-700">
          <ArrowRightLeft size={18} strokeWidth={2} aria-hidden="true" />
          Mudar de instituição
        </summary>
        <CardTitle className="mt-4">Mudar a instituição de “{party.name}”</CardTitle>
        <p className="mt-1 text-sm text-muted">
          Hoje as doações vão para <strong className="text-ink">{current}</strong>. Depois da mudança, as novas doações vão para a
          instituição escolhida, e a causa da festa passa a ser a dela.
          {party.paidCount > 0
            ? ` As ${party.paidCount.toLocaleString("pt-BR")} doações já pagas continuam com ${current}, e a página da festa diz isso.`
            : ""}{" "}
          O criador e as duas instituições recebem um e-mail com o motivo.
        </p>
        {institutions.length === 0 ? (
          <p className="mt-4 text-sm font-semibold">Nenhuma outra instituição verificada e ativa pode receber esta festa agora.</p>
        ) : (
          <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
            <IntentInput intent={intent} />
            <input type="hidden" name="id" value={party.id} />
            <SelectField
              label="Nova instituição"
              id={`${form.id}-organization`}
              name="organizationId"
              required
              defaultValue={fields.organizationId.initialValue ?? ""}
              error={fields.organizationId.errors}
              className="md:col-span-2"
            >
              <option value="" disabled>
                Escolha a instituição
              </option>
              {institutions.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.label}
                </option>
              ))}
            </SelectField>
            <TextareaField
              label="Motivo"
              id={`${form.id}-reason`}
              name="reason"
              required
              maxLength={500}
              rows={3}
              hint="Vai no e-mail ao criador e às instituições e fica no registro de auditoria."
              defaultValue={fields.reason.initialValue}
              error={fields.reason.errors}
              className="md:col-span-2"
            />
            <div className="md:col-span-2">
              <label htmlFor={`${form.id}-confirmed`} className="flex items-start gap-2 text-sm">
                <input
                  id={`${form.id}-confirmed`}
                  type="checkbox"
                  name="confirmed"
                  value="sim"
                  required
                  className="mt-1 size-4 accent-coral-600"
                />
                <span>Confirmo: as doações já pagas continuam com {current}; só as próximas vão para a nova instituição.</span>
              </label>
              <FieldError error={fields.confirmed.errors} />
            </div>
            <FieldError error={form.errors} />
            <div className="md:col-span-2">
              <Button type="submit" loading={submitting} loadingText="Mudando...">
                Confirmar mudança
              </Button>
            </div>
          </Form>
        )}
      </details>
    </Card>
  );
}
