/**
 * The admin's refund controls (docs/decisions/151-refunds.md): per paid gift, "Reembolsar" with
 * the amount (what remains by default), a reason and a confirmation; per party, "Cancelar festa e
 * reembolsar todas as doações" and its progress. Both work without JavaScript (a <details> form).
 */
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError, TextareaField, TextField } from "~/components/ui/field";
import { cancelPartySchema, REFUND_REASON_MAX, refundSchema } from "~/domain/donations";
import { postedText } from "~/platform/forms/submission";
import { formatCents } from "~/platform/money";
import { IntentInput, useIntentResult, useTabForm } from "./common";
import { countOf } from "~/platform/plural";

const centsToInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function useRowRefused(intent: string, field: string, value: string) {
  const reply = useIntentResult(intent);
  return Boolean(reply && !reply.ok && postedText(reply.result, field) === value);
}

function useRowSubmitting(field: string, value: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get(field) === value;
}

function ConfirmBox({ id, label, error }: { id: string; label: string; error?: string[] }) {
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input id={id} type="checkbox" name="confirmed" value="sim" className="mt-1 size-4 accent-coral-600" required />
        <span>{label}</span>
      </label>
      <FieldError error={error} />
    </div>
  );
}

type DonationRow = {
  id: string;
  receiptNumber: number;
  amountCents: number;
  status: string;
  refundedCents: number;
  pendingRefundCents: number;
  refundableCents: number;
};

/** Under a gift's status: what was refunded or asked, and the "Reembolsar" form while something remains. */
export function RefundCell({ row }: { row: DonationRow }) {
  const intent = "refundDonation";
  const [form, fields] = useTabForm(intent, refundSchema({ maxCents: row.refundableCents }), undefined, {
    field: "donationId",
    value: row.id,
  });
  const refused = useRowRefused(intent, "donationId", row.id);
  const submitting = useRowSubmitting("donationId", row.id);
  return (
    <div className="mt-1 space-y-1">
      {row.pendingRefundCents > 0 ? (
        <Badge tone="info" className="whitespace-nowrap">
          Reembolso solicitado ({formatCents(row.pendingRefundCents)})
        </Badge>
      ) : null}
      {row.refundedCents > 0 && row.status === "paga" ? (
        <p className="text-xs whitespace-nowrap text-muted">Reembolsado {formatCents(row.refundedCents)}</p>
      ) : null}
      {row.refundableCents > 0 ? (
        <details className="group" open={refused || undefined}>
          <summary className="cursor-pointer text-sm font-bold text-indigo-700 hover:underline">Reembolsar</summary>
          <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-3 w-64 max-w-full space-y-3 whitespace-normal">
            <IntentInput intent={intent} />
            <input type="hidden" name="donationId" value={row.id} />
            <TextField
              label="Valor (R$)"
              id={`${form.id}-amount`}
              name="amount"
              inputMode="decimal"
              defaultValue={fields.amount.initialValue ?? centsToInput(row.refundableCents)}
              hint={`Até ${formatCents(row.refundableCents)}.`}
              error={fields.amount.errors}
            />
            <TextareaField
              label="Motivo"
              id={`${form.id}-reason`}
              name="reason"
              rows={2}
              maxLength={REFUND_REASON_MAX}
              defaultValue={fields.reason.initialValue}
              error={fields.reason.errors}
            />
            <ConfirmBox
              id={`${form.id}-confirmed`}
              label={`Confirmo: o valor volta ao doador da doação nº ${row.receiptNumber} e sai do total arrecadado.`}
              error={fields.confirmed.errors}
            />
            <FieldError error={form.errors} />
            <Button type="submit" size="sm" variant="destructive" loading={submitting} loadingText="Solicitando...">
              Confirmar reembolso
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** A party's cancellation: its refunds' progress, or the form while the party still has paid gifts. */
export function CancelPartyCell({
  party,
}: {
  party: { id: string; name: string; paidCount: number; refunds: { total: number; done: number; failed: number } | null };
}) {
  const intent = "cancelParty";
  const [form, fields] = useTabForm(intent, cancelPartySchema, undefined, { field: "partyId", value: party.id });
  const refused = useRowRefused(intent, "partyId", party.id);
  const submitting = useRowSubmitting("partyId", party.id);
  const { refunds } = party;
  return (
    <div className="mt-2 space-y-1">
      {refunds ? (
        <p className="text-xs font-semibold" role="status">
          {refunds.done} de {refunds.total} reembolsadas
          {refunds.failed > 0 ? <span className="text-danger"> · {refunds.failed} falharam</span> : null}
        </p>
      ) : null}
      {party.paidCount > 0 ? (
        <details className="group" open={refused || undefined}>
          <summary className="cursor-pointer text-sm font-bold text-danger hover:underline">
            Cancelar festa e reembolsar todas as doações
          </summary>
          <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-3 w-72 max-w-full space-y-3">
            <IntentInput intent={intent} />
            <input type="hidden" name="partyId" value={party.id} />
            <TextareaField
              label="Motivo"
              id={`${form.id}-reason`}
              name="reason"
              rows={2}
              maxLength={REFUND_REASON_MAX}
              hint="Vai para o registro de auditoria e para cada reembolso."
              defaultValue={fields.reason.initialValue}
              error={fields.reason.errors}
            />
            <ConfirmBox
              id={`${form.id}-confirmed`}
              label={`Confirmo: "${party.name}" sai do ar e ${party.paidCount === 1 ? "a única doação paga é reembolsada" : `as ${countOf(party.paidCount, { one: "doação paga é reembolsada", other: "doações pagas são reembolsadas" })}`}; cada doador recebe um e-mail.`}
              error={fields.confirmed.errors}
            />
            <Button type="submit" size="sm" variant="destructive" loading={submitting} loadingText="Cancelando...">
              Cancelar e reembolsar
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
