import type { loadTeamPanel } from "~/domain/accounts/admins.server";
import { ShieldCheck, UserMinus } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { grantAdminSchema } from "~/domain/accounts/admin-role-forms";
import { formatDate, formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { useRootData } from "~/components/layout/root-data";
import {
  IntentInput,
  ResultNotice,
  ScrollTable,
  SectionTitle,
  tdClass,
  thClass,
  useSavedKey,
  useSubmittingIntent,
  useTabForm,
} from "./common";

const ACTION_LABELS: Record<string, string> = {
  "settings.families_helped": "Alterou famílias ajudadas",
  "cause.create": "Criou causa",
  "cause.activate": "Ativou causa",
  "cause.deactivate": "Desativou causa",
  "cause.delete": "Excluiu causa",
  "cause.deactivate_instead_of_delete": "Desativou causa em uso (em vez de excluir)",
  "story.create": "Criou história",
  "story.activate": "Ativou história",
  "story.deactivate": "Desativou história",
  "story.delete": "Excluiu história",
  "party.update": "Editou festa",
  "party.deactivate": "Desativou festa",
  "party.reactivate": "Reativou festa",
  "organization.create": "Cadastrou ONG",
  "organization.update": "Editou ONG",
  "organization.activate": "Ativou ONG",
  "organization.deactivate": "Desativou ONG",
  "message.answered": "Marcou mensagem como respondida",
  "message.reopened": "Reabriu mensagem",
  "payout.transfer": "Registrou repasse",
  "role.grant_admin": "Concedeu acesso de administrador",
  "role.revoke_admin": "Removeu acesso de administrador",
  "ad.create": "Criou anúncio",
  "ad.update": "Editou anúncio",
  "ad.activate": "Ativou anúncio",
  "ad.deactivate": "Desativou anúncio",
};

/** Who made a change with no account behind it: the command line, or an account since deleted. */
function actorWithoutAccount(details: unknown): string {
  return details && typeof details === "object" && (details as Record<string, unknown>).via === "cli" ? "Linha de comando" : "—";
}

function describe(details: unknown): string {
  if (!details || typeof details !== "object") return "";
  const d = details as Record<string, unknown>;
  const named = d.name ?? d.title ?? d.email ?? (d.after as Record<string, unknown> | undefined)?.name;
  if (typeof named === "string") return named;
  if (typeof d.netCents === "number") return `${formatCents(d.netCents)} líquido`;
  if ("to" in d) return `${String(d.from)} → ${String(d.to)}`;
  return "";
}

export function TeamTab({ data }: { data: Awaited<ReturnType<typeof loadTeamPanel>> }) {
  const me = useRootData()?.user?.id;
  const formKey = useSavedKey("grantAdmin");
  return (
    <div className="space-y-10">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <GrantForm key={formKey} />
        <section aria-labelledby="administradores">
          <SectionTitle className="mb-4">
            <span id="administradores">Administradores</span>
          </SectionTitle>
          <ResultNotice intents={["revokeAdmin"]} />
          <ul className="divide-y divide-coral-100 rounded-2xl border border-coral-100 bg-white shadow-soft">
            {data.admins.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="font-bold break-words text-ink">
                    {a.name}
                    {a.id === me ? <span className="ml-2 text-xs font-semibold text-muted">(você)</span> : null}
                  </p>
                  <p className="text-xs break-all text-muted">
                    {a.email} · desde {formatDate(a.since)}
                  </p>
                </div>
                {a.id === me ? null : (
                  <Form method="post">
                    <IntentInput intent="revokeAdmin" />
                    <input type="hidden" name="userId" value={a.id} />
                    <Button type="submit" variant="ghostDanger" size="sm" disabled={data.admins.length <= 1}>
                      <UserMinus size={16} strokeWidth={2} aria-hidden="true" />
                      Remover acesso
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="registro">
        <SectionTitle className="mb-1">
          <span id="registro">Registro de atividades</span>
        </SectionTitle>
        <p className="mb-4 text-sm text-muted">As 30 alterações mais recentes feitas no painel.</p>
        {data.audit.length === 0 ? (
          <EmptyState title="Nenhuma alteração registrada ainda." icon="📝" />
        ) : (
          <ScrollTable label="Registro de atividades" minWidth={720}>
            <thead>
              <tr>
                <th className={thClass}>Quando</th>
                <th className={thClass}>Quem</th>
                <th className={thClass}>O quê</th>
                <th className={thClass}>Detalhe</th>
              </tr>
            </thead>
            <tbody>
              {data.audit.map((entry) => (
                <tr key={entry.id}>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
                  <td className={tdClass}>{entry.actorName ?? entry.actorEmail ?? actorWithoutAccount(entry.details)}</td>
                  <td className={tdClass}>{ACTION_LABELS[entry.action] ?? entry.action}</td>
                  <td className={`${tdClass} break-words text-muted`}>{describe(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}

/** Remounted empty after each grant (see useSavedKey). */
function GrantForm() {
  const [form, fields] = useTabForm("grantAdmin", grantAdminSchema);
  const submitting = useSubmittingIntent("grantAdmin");
  return (
    <Card className="h-fit">
      <CardTitle>Conceder acesso de administrador</CardTitle>
      <p className="mt-1 text-sm text-muted">
        A pessoa precisa ter uma conta. Administradores veem doações, e-mails de doadores e repasses.
      </p>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
        <IntentInput intent="grantAdmin" />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          required
          autoComplete="off"
          defaultValue={fields.email.initialValue}
          error={fields.email.errors}
        />
        <Button type="submit" loading={submitting} loadingText="Concedendo...">
          <ShieldCheck size={18} strokeWidth={2} aria-hidden="true" />
          Conceder acesso
        </Button>
      </Form>
    </Card>
  );
}
