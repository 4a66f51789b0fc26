import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/ong.$slug.equipe";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireInstitutionMember, requireInstitutionOwner } from "~/domain/organizations/institution-guards.server";
import { INSTITUTION_ROLE_LABELS } from "~/domain/organizations/institution-team";
import { inviteMember, listTeam, removeMember, TEAM_MESSAGES } from "~/domain/organizations/institution-team.server";
import { inviteMemberSchema, teamActionSchema } from "~/domain/organizations/team-forms";
import { formatDate } from "~/platform/dates";
import type { FormResult } from "~/platform/forms/submission";
import { parseFormSubmission } from "~/platform/forms/submission.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Equipe da instituição", description: "Quem faz parte da equipe da instituição.", noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { institution, role, user } = await requireInstitutionMember(request, params.slug);
  const { team, pending } = await listTeam(institution.id);
  return { institution, role, me: user.id, team, pending: role === "owner" ? pending : [] };
}

type ActionResult = { result: FormResult };

export async function action({ request, params, context }: Route.ActionArgs) {
  // Only the owner changes the team; the institution comes from the URL and the membership, never the form.
  const { institution, user } = await requireInstitutionOwner(request, params.slug);
  const form = await readFormData(request);
  const submission = parseFormSubmission(form, teamActionSchema);
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const back = `/ong/${institution.slug}/equipe`;
  if (submission.value.intent === "convidar") {
    const email = submission.value.email;
    const sent = await inviteMember(institution, user, email, { mailer: context.mailer });
    if (!sent.ok) return data<ActionResult>({ result: submission.reply({ fieldErrors: { email: [sent.message] } }) }, { status: 400 });
    return redirectWithToast(back, { type: "success", title: "Convite enviado", description: TEAM_MESSAGES.inviteSent(email) });
  }
  const removed = await removeMember(institution.id, submission.value.userId);
  if (!removed.ok) return redirectWithToast(back, { type: "error", title: "Não removido", description: removed.message });
  return redirectWithToast(back, { type: "success", title: "Pessoa removida da equipe" });
}

export default function InstitutionTeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { institution, role, me, team, pending } = loaderData;
  const owner = role === "owner";
  return (
    <>
      <PageHeader
        eyebrow={institution.name}
        title="Equipe"
        description="Quem acompanha as doações e os repasses da instituição na Festa Solidária."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-16">
        <Link to={`/ong/${institution.slug}/painel`} className="inline-block font-bold text-coral-700 underline underline-offset-4">
          Painel da instituição: doações, repasses e extrato
        </Link>
        <section aria-labelledby="equipe" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
          <h2 id="equipe" className="text-xl">
            Pessoas da equipe
          </h2>
          <ul className="mt-4 divide-y divide-coral-100">
            {team.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-extrabold text-indigo-800">
                    {m.name} {m.userId === me ? <span className="text-sm font-normal text-muted">(você)</span> : null}
                  </p>
                  <p className="break-all text-sm text-muted">
                    {m.email} · desde {formatDate(m.since)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={m.role === "owner" ? "brand" : "info"}>{INSTITUTION_ROLE_LABELS[m.role]}</Badge>
                  {owner && m.role === "member" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remover" />
                      <input type="hidden" name="userId" value={m.userId} />
                      <Button type="submit" size="sm" variant="ghostDanger" aria-label={`Remover ${m.name} da equipe`}>
                        Remover
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
        {owner ? <InviteForm result={actionData?.result} pending={pending} /> : null}
      </div>
    </>
  );
}

function InviteForm({
  result,
  pending,
}: {
  result: FormResult | undefined;
  pending: { id: string; email: string; expiresAt: Date | string }[];
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "convidar";
  const [form, fields] = useSchemaForm(inviteMemberSchema, result);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  return (
    <section aria-labelledby="convidar" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
      <h2 id="convidar" className="text-xl">
        Convidar alguém
      </h2>
      <p className="mt-1 text-sm text-muted">
        Mandamos um link por e-mail, válido por 7 dias. A pessoa entra com a conta desse e-mail e aceita.
      </p>
      <Form id={form.id} method="post" onSubmit={form.onSubmit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="convidar" />
        <TextField
          ref={ref}
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={fields.email.initialValue}
          error={fields.email.errors}
          className="flex-1"
        />
        <Button type="submit" loading={sending} loadingText="Enviando..." className="sm:mt-7">
          Enviar convite
        </Button>
      </Form>
      {pending.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-indigo-800">Convites esperando resposta</h3>
          <ul className="mt-1 text-sm text-muted">
            {pending.map((p) => (
              <li key={p.id}>
                {p.email} · vale até {formatDate(p.expiresAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
