import { data } from "react-router";
import type { Route } from "./+types/ong.convite";
import { InviteAcceptPage } from "~/components/invitations/invite-accept";
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
    <InviteAcceptPage
      eyebrow="Instituições"
      title="Convite para a equipe"
      problem={problem}
      invitation={
        loaderData.ok ? (
          <>
            Você foi convidado para a equipe de <strong>{loaderData.institutionName}</strong> (convite para {loaderData.email}).
          </>
        ) : null
      }
      token={loaderData.ok ? loaderData.token : ""}
      back={{ to: "/", label: "Voltar ao início" }}
    />
  );
}
