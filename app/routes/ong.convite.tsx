import { data, Form, Link } from "react-router";
import type { Route } from "./+types/ong.convite";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/domain/accounts/guards.server";
import { acceptInvite, readInvite } from "~/domain/organizations/institution-team.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";
import { linkToken } from "~/platform/http/link-token.server";

export const meta = () =>
  pageMeta({ title: "Convite para a equipe", description: "Aceite o convite para a equipe de uma instituição.", noindex: true });

/** The signed link e-mailed by an institution's owner (`?t=`): sign in, then accept. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const token = linkToken(request, "t");
  const checked = await readInvite(token);
  if (!checked.ok) return { ok: false as const, message: checked.message, token: "" };
  return { ok: true as const, institutionName: checked.invite.institutionName, email: checked.invite.email, token: token! };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const accepted = await acceptInvite(form.get("t"), user);
  if (!accepted.ok) return data({ message: accepted.message }, { status: 400 });
  throw await redirectWithToast(`/ong/${accepted.invite.institutionSlug}/equipe`, {
    type: "success",
    title: `Bem-vindo à equipe de ${accepted.invite.institutionName}!`,
  });
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.message ?? (loaderData.ok ? null : loaderData.message);
  return (
    <>
      <PageHeader eyebrow="Instituições" title="Convite para a equipe" />
      <div className="mx-auto max-w-xl px-4 pb-16">
        {problem ? (
          <Alert tone="danger" title="Não foi possível aceitar">
            <p>{problem}</p>
            <p className="mt-2">
              <Link to="/" className="font-bold underline">
                Voltar ao início
              </Link>
            </p>
          </Alert>
        ) : loaderData.ok ? (
          <section className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
            <p>
              Você foi convidado para a equipe de <strong>{loaderData.institutionName}</strong> (convite para {loaderData.email}).
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="t" value={loaderData.token} />
              <Button type="submit" size="lg">
                Aceitar o convite
              </Button>
            </Form>
          </section>
        ) : null}
      </div>
    </>
  );
}
