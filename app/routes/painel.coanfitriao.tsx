import { data, Form, Link } from "react-router";
import type { Route } from "./+types/painel.coanfitriao";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/domain/accounts/guards.server";
import { acceptCohostInvite, readCohostInvite } from "~/domain/parties/cohosts.server";
import { sharePagePath } from "~/domain/parties/share-links";
import { readFormData } from "~/platform/http/form-data.server";
import { linkToken } from "~/platform/http/link-token.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { pageMeta } from "~/platform/ui/meta";

export const meta = () =>
  pageMeta({ title: "Convite para co-anfitrião", description: "Aceite o convite para organizar uma festa solidária.", noindex: true });

/** The signed link a party's owner e-mailed (`?t=`, decision 217): sign in, then accept. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request);
  const token = linkToken(request, "t");
  const checked = await readCohostInvite(token, context.clock.now());
  if (!checked.ok) return { ok: false as const, message: checked.message, token: "" };
  return { ok: true as const, partyName: checked.invite.partyName, email: checked.invite.email, token: token! };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const accepted = await acceptCohostInvite(form.get("t"), user.id, context.clock.now());
  if (!accepted.ok) return data({ message: accepted.message }, { status: 400 });
  throw await redirectWithToast(sharePagePath(accepted.invite.shareCode), {
    type: "success",
    title: `Agora você organiza ${accepted.invite.partyName}!`,
  });
}

export default function CohostInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.message ?? (loaderData.ok ? null : loaderData.message);
  return (
    <>
      <PageHeader eyebrow="Festa solidária" title="Convite para co-anfitrião" />
      <div className="mx-auto max-w-xl px-4 pb-16">
        {problem ? (
          <Alert tone="danger" title="Não foi possível aceitar">
            <p>{problem}</p>
            <p className="mt-2">
              <Link to="/painel" className="font-bold underline">
                Ir para o Painel
              </Link>
            </p>
          </Alert>
        ) : loaderData.ok ? (
          <section className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
            <p>
              Você foi convidado para organizar a festa <strong>{loaderData.partyName}</strong> (convite para {loaderData.email}).
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
