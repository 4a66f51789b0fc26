import { data } from "react-router";
import type { Route } from "./+types/painel.coanfitriao";
import { InviteAcceptPage } from "~/components/invitations/invite-accept";
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
    <InviteAcceptPage
      eyebrow="Festa solidária"
      title="Convite para co-anfitrião"
      problem={problem}
      invitation={
        loaderData.ok ? (
          <>
            Você foi convidado para organizar a festa <strong>{loaderData.partyName}</strong> (convite para {loaderData.email}).
          </>
        ) : null
      }
      token={loaderData.ok ? loaderData.token : ""}
      back={{ to: "/painel", label: "Ir para o Painel" }}
    />
  );
}
