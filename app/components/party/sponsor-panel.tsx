/**
 * The party dashboard's sponsors (decision 219): everyone who runs the party sees its matching
 * pledges and what each has promised; only the owner invites a sponsor (who confirms by the
 * e-mailed link), cancels a waiting invitation or sends it again — the server checks it again.
 * A <details> form, so it works without JavaScript; opened again when the server refuses it.
 */
import { HandCoins } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { PledgeTermsFields } from "~/components/matching/pledge-fields";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PLEDGE_STATUS_LABELS, pledgeInviteSchema, RATIO_CHOICES } from "~/domain/matching/pledge-form";
import { formatDate } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { formatCents } from "~/platform/money";

export type SponsorPledgeRow = {
  id: string;
  sponsorName: string;
  ratioPercent: number;
  capCents: number;
  matchedCents: number;
  status: string;
  deadline: string | Date;
};

const TONE: Record<string, "paid" | "pending" | "info"> = { ativa: "paid", pendente_confirmacao: "pending" };

export function SponsorPanel(props: {
  pledges: SponsorPledgeRow[];
  owner: boolean;
  canInvite: boolean;
  today: string;
  result?: FormResult;
}) {
  const { pledges, owner, canInvite, today, result } = props;
  return (
    <section aria-labelledby="patrocinio" className="mt-6 rounded-2xl bg-white p-5 shadow-soft md:p-8">
      <h2 id="patrocinio" className="flex items-center gap-2 text-xl font-extrabold text-indigo-800">
        <HandCoins size={22} strokeWidth={2} aria-hidden="true" />
        Patrocínio em dobro
      </h2>
      <p className="mt-1 text-sm text-muted">
        Uma pessoa ou empresa promete somar um valor a cada doação paga, até um teto. O valor prometido entra na arrecadação quando o
        patrocinador pagar, ao fim do patrocínio.
      </p>
      {pledges.length > 0 ? (
        <ul className="mt-4 divide-y divide-indigo-100" aria-label="Patrocínios da festa">
          {pledges.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-bold text-indigo-800">{p.sponsorName}</p>
                <p className="text-sm text-muted">
                  {RATIO_CHOICES.find((c) => c.percent === p.ratioPercent)?.label ?? `${p.ratioPercent}%`} · até {formatDate(p.deadline)}
                </p>
                <p className="text-sm">
                  {formatCents(p.matchedCents)} prometidos de {formatCents(p.capCents)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={TONE[p.status] ?? "info"}>{PLEDGE_STATUS_LABELS[p.status] ?? p.status}</Badge>
                {owner && p.status === "pendente_confirmacao" ? <PendingActions pledge={p} /> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">Nenhum patrocinador ainda.</p>
      )}
      {/* One sponsor at a time: the form returns when the invitation is declined or cancelled. */}
      {owner && canInvite ? <InviteForm today={today} result={result} /> : null}
      {!owner ? <p className="mt-4 text-sm text-muted">Só quem criou a festa convida patrocinadores.</p> : null}
    </section>
  );
}

function PendingActions({ pledge }: { pledge: SponsorPledgeRow }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="reenviar-patrocinio" />
        <input type="hidden" name="pledgeId" value={pledge.id} />
        <Button type="submit" size="sm" variant="secondary" aria-label={`Reenviar o pedido a ${pledge.sponsorName}`}>
          Reenviar e-mail
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="cancelar-patrocinio" />
        <input type="hidden" name="pledgeId" value={pledge.id} />
        <Button type="submit" size="sm" variant="ghostDanger" aria-label={`Cancelar o convite a ${pledge.sponsorName}`}>
          Cancelar convite
        </Button>
      </Form>
    </>
  );
}

function InviteForm({ today, result }: { today: string; result?: FormResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "convidar-patrocinador";
  const [form, fields] = useSchemaForm(pledgeInviteSchema, result, { id: "convidar-patrocinador" });
  return (
    <details className="mt-4 rounded-xl border border-indigo-100 p-4" open={Boolean(result) || undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-bold text-indigo-700">Convidar um patrocinador</summary>
      <p className="mt-1 text-sm text-muted">
        Mandamos ao patrocinador um e-mail com os termos e um link para confirmar. O patrocínio só começa quando ele confirmar.
      </p>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="convidar-patrocinador" />
        <PledgeTermsFields
          fields={fields}
          idPrefix="patrocinador"
          email={{
            label: "E-mail do patrocinador",
            required: true,
            hint: "Só para o pedido de confirmação; não aparece na página da festa.",
          }}
          deadline={{ min: today, hint: "Doações pagas até o fim deste dia são somadas." }}
        />
        <FieldError error={form.errors} />
        <div className="md:col-span-2">
          <Button type="submit" loading={sending} loadingText="Enviando...">
            Enviar pedido ao patrocinador
          </Button>
        </div>
      </Form>
    </details>
  );
}
