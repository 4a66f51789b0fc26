import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { refuseInstitutionUpdateSchema } from "~/domain/impact/impact-forms";
import { IntentInput, ResultNotice, useSubmittingIntent, useTabForm } from "./common";

type Intents = { approve: string; refuse: string };

/**
 * Impacto's review queues (decisions 190, 191): what institutions' teams sent, published only when
 * an admin approves it, or sent back with a reason the team reads.
 */
export function ReviewQueue<T extends { id: string }>(props: {
  id: string;
  title: string;
  description: string;
  empty: string;
  intents: Intents;
  pending: T[];
  children: (item: T) => ReactNode;
}) {
  const { id, title, description, empty, intents, pending, children } = props;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-extrabold text-indigo-800">
        {title} {pending.length > 0 ? <span className="text-coral-700">({pending.length})</span> : null}
      </h2>
      <p className="mb-4 text-sm text-muted">{description}</p>
      <ResultNotice intents={[intents.approve, intents.refuse]} />
      {pending.length === 0 ? (
        <p className="rounded-2xl bg-sand p-4 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {pending.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One item of a review queue: what it is (`children`), then "Aprovar e publicar" or "Recusar" with a reason. */
export function ReviewItem(props: { id: string; label: string; intents: Intents; testId: string; children: ReactNode }) {
  const { id, label, intents, testId, children } = props;
  // Both queues refuse with the same fields (an id and a reason): one schema serves both.
  const [form, fields] = useTabForm(intents.refuse, refuseInstitutionUpdateSchema, undefined, { field: "id", value: id });
  const approving = useSubmittingIntent(intents.approve);
  const refusing = useSubmittingIntent(intents.refuse);
  return (
    <Card padding="sm" data-testid={testId}>
      {children}
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-start">
        <Form method="post">
          <IntentInput intent={intents.approve} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" size="sm" loading={approving} loadingText="Publicando..." aria-label={`Aprovar e publicar: ${label}`}>
            Aprovar e publicar
          </Button>
        </Form>
        <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-1 flex-col gap-2">
          <IntentInput intent={intents.refuse} />
          <input type="hidden" name="id" value={id} />
          <TextareaField
            label="Motivo para recusar"
            name="reason"
            rows={2}
            maxLength={500}
            defaultValue={fields.reason.initialValue}
            error={fields.reason.errors}
          />
          <div>
            <Button type="submit" size="sm" variant="dangerOutline" loading={refusing} loadingText="Recusando...">
              Recusar
            </Button>
          </div>
        </Form>
      </div>
    </Card>
  );
}
