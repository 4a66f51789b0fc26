import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { COHOST_STATUS_LABELS, inviteCohostSchema } from "~/domain/parties/cohost-forms";
import type { FormResult } from "~/platform/forms/submission";

export type CohostRow = { id: string; email: string; status: string; name: string | null };

/**
 * The party dashboard's co-hosts (decision 217): everyone who runs the party sees the list; only
 * the owner invites and removes (the server checks it again).
 */
export function CohostPanel({ cohosts, owner, result }: { cohosts: CohostRow[]; owner: boolean; result?: FormResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "convidar-coanfitriao";
  const [form, fields] = useSchemaForm(inviteCohostSchema, result);
  const ref = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  // An invitation sent redirects back here (the toast says so): the field empties for the next one.
  useEffect(() => {
    if (wasSending.current && !sending && !result) formRef.current?.reset();
    wasSending.current = sending;
  }, [sending, result]);
  return (
    <section aria-labelledby="coanfitrioes" className="mt-6 rounded-2xl bg-white p-5 shadow-soft md:p-8">
      <h2 id="coanfitrioes" className="text-xl font-extrabold text-indigo-800">
        Co-anfitriões
      </h2>
      <p className="mt-1 text-sm text-muted">
        Quem organiza a festa com você: vê as doações, compartilha a festa, edita e fala com os convidados.
        {owner ? " Só você convida e remove co-anfitriões." : " Só quem criou a festa convida e remove co-anfitriões."}
      </p>
      {cohosts.length > 0 ? (
        <ul className="mt-4 divide-y divide-indigo-100" aria-label="Co-anfitriões da festa">
          {cohosts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                {c.name ? <p className="font-bold text-indigo-800">{c.name}</p> : null}
                <p className="text-sm break-all text-muted">{c.email}</p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={c.status === "accepted" ? "paid" : "pending"}>{COHOST_STATUS_LABELS[c.status] ?? c.status}</Badge>
                {owner ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remover-coanfitriao" />
                    <input type="hidden" name="cohostId" value={c.id} />
                    <Button type="submit" size="sm" variant="ghostDanger" aria-label={`Remover ${c.name ?? c.email}`}>
                      Remover
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">Nenhum co-anfitrião ainda.</p>
      )}
      {owner ? (
        <Form
          ref={formRef}
          id={form.id}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="convidar-coanfitriao" />
          <TextField
            ref={ref}
            label="E-mail do co-anfitrião"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            defaultValue={fields.email.initialValue}
            error={fields.email.errors}
            hint="Mandamos um link válido por 7 dias; a pessoa entra com a conta desse e-mail e aceita."
            className="flex-1"
          />
          <Button type="submit" loading={sending} loadingText="Enviando..." className="sm:mt-7">
            Convidar
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
