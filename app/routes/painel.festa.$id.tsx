import { PartyPopper, Pencil } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/painel.festa.$id";
import { ShareMoment } from "~/components/party/share-moment";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { requireOwnParty } from "~/domain/parties/own-party-guard.server";
import { editPagePath } from "~/domain/parties/share-links";
import { PHOTO_MESSAGES } from "~/platform/images/photo-rules";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { pageMeta } from "~/platform/ui/meta";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { party } = await requireOwnParty(request, params.id);
  const search = new URL(request.url).searchParams;
  return {
    party: { name: party.name, shareCode: party.shareCode, shareLink: party.shareLink, causeName: party.causeName },
    qr: await qrCodeDataUrl(party.shareLink),
    created: search.get("nova") === "1",
    photoLater: search.get("foto") === "depois",
  };
}

export const meta = () => pageMeta({ title: "Compartilhar festa", description: "Compartilhe sua festa solidária.", noindex: true });

/** A creator's party, ready to share: the moment after creating it, and at hand from /painel. */
export default function SharePartyPage({ loaderData }: Route.ComponentProps) {
  const { party, qr, created, photoLater } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 [overflow-wrap:anywhere] md:py-14">
      {created ? (
        <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-coral-700 uppercase">
          <PartyPopper size={18} strokeWidth={2} aria-hidden="true" />
          Festa criada
        </p>
      ) : null}
      <h1 className="mt-1 text-3xl md:text-4xl">{created ? "Sua festa está no ar!" : "Compartilhe sua festa"}</h1>
      <p className="mt-2 text-lg text-ink/90">
        <strong>{party.name}</strong> já pode receber doações para {party.causeName}. Envie o link aos convidados.
      </p>
      {photoLater ? (
        <Alert title="Foto não enviada" className="mt-4">
          {PHOTO_MESSAGES.storageDown}
        </Alert>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-5 shadow-soft md:p-8">
        <ShareMoment party={party} qr={qr} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/festa/${party.shareCode}`} className={buttonVariants({ variant: "secondary" })}>
          Ver página da festa
        </Link>
        <Link to={editPagePath(party.shareCode)} className={buttonVariants({ variant: "ghost" })}>
          <Pencil size={18} strokeWidth={2} aria-hidden="true" />
          Editar festa
        </Link>
        <Link to="/painel" className={buttonVariants({ variant: "ghost" })}>
          Ir para o Painel
        </Link>
      </div>
    </div>
  );
}
