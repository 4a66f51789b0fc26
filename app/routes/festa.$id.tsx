import { publicPageHeaders } from "~/platform/http/cache-headers";
import { lazy, Suspense, useEffect } from "react";
import { data, Link } from "react-router";
import { redirectWithToast } from "~/platform/http/toast.server";
import { toast } from "~/platform/ui/toast";
import type { Route } from "./+types/festa.$id";
import { InstitutionBox } from "~/components/causes/institution";
import { ErrorScreen } from "~/components/layout/error-screen";
import { GiftList } from "~/components/party/gift-list";
import { useLiveParty } from "~/components/party/use-live-party";
import { PartyProgress } from "~/components/party/party-progress";
import { ShareButtons } from "~/components/party/share-buttons";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatCalendarDate } from "~/platform/dates";
import { institutionSummary } from "~/domain/organizations/institution";
import { parseFestaParam } from "~/domain/parties/festa-param";
import { formatCents } from "~/platform/money";
import { partyVisibility } from "~/domain/parties/party-status";
import { partyCover, personAvatar } from "~/domain/parties/party-images";
import { previewVersion } from "~/domain/parties/preview-version";
import { PARTY_PAGE_GIFTS, type PartyLiveSnapshot } from "~/domain/parties/party-live-snapshot.server";
import { qrCodeDataUrl } from "~/platform/qr.server";
import { seoMeta } from "~/platform/ui/seo";
import { getSponsorAd } from "~/domain/content/ads.server";
import { listRecentPaidGifts } from "~/domain/donations/gifts.server";
import { findPartyForPage } from "~/domain/parties/parties.server";
import { earlierInstitutionLines } from "~/domain/parties/party-moves.server";
import { publicPayoutLines } from "~/domain/payouts/party-payouts.server";
import { useRootData } from "~/components/layout/root-data";
import { MatchBannerBox } from "~/components/party/match-banner";
import { partyMatchBanner } from "~/domain/matching/index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

// Most visits are to a live party: the ended page's component loads only when it is shown.
const PartyEnded = lazy(() => import("~/components/party/party-ended").then((m) => ({ default: m.PartyEnded })));

/** "Mariana Souza" from "Mariana de Souza Lima"? No: the first and the last word, as a host signs. */
function organizerName(fullName: string | null) {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return null;
  return words.length === 1 ? words[0]! : `${words[0]} ${words[words.length - 1]}`;
}

/**
 * An unknown (or withdrawn) code goes home, as the spec says, but not in silence: the visitor reads
 * why and is offered the search, where a mistyped link is most often found. The redirect carries
 * a one-person toast cookie, so no shared cache may keep it.
 */
function partyNotFound() {
  return redirectWithToast(
    "/",
    {
      type: "info",
      title: "Festa não encontrada",
      description: "Confira o link que você recebeu ou procure a festa pelo nome.",
      link: { href: "/eventos", label: "Buscar festas" },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  // Public page: anyone may ask; only live parties are shown in full (decisions.md, Parties).
  const key = parseFestaParam(params.id?.toLowerCase());
  const party = key ? await findPartyForPage(key) : null;
  if (!party) throw await partyNotFound();
  const visibility = partyVisibility(party);
  // Closed before its time (the creator deleted the account): visitors read why, and give nowhere.
  if (visibility === "inactive" && !party.closedMessage) throw await partyNotFound();

  const { userId: _owner, creatorName, creatorImage, creatorPhotoKey, coverPhotoKey, organization, ...rest } = party;
  const publicParty = {
    ...rest,
    institution: institutionSummary(organization),
    // Moved by the team (decision 165): the gifts made before went to the earlier institution.
    earlierInstitutions: await earlierInstitutionLines(party.id),
    organizer: organizerName(creatorName),
    organizerAvatar: personAvatar(creatorPhotoKey, creatorImage, party.id),
    cover: partyCover(coverPhotoKey),
  };
  const shareUrl = `/festa/${party.shareCode}`;
  if (visibility !== "live") {
    // Donors see that the money arrived: the transfer's date, the net amount and the proof.
    const payout = await publicPayoutLines(party, context.config.PLATFORM_FEE_PERCENT, context.config.PIX_MED_HOLD_DAYS);
    // A late guest may still give to the party's own institution while it takes gifts.
    const lateGift =
      visibility === "ended" && organization?.slug && organization.name && organization.active && organization.verifiedAt
        ? { href: `/doar?ong=${organization.slug}`, name: organization.name }
        : null;
    return data(
      {
        status: "ended" as const,
        party: publicParty,
        shareUrl,
        seo: partySeo(party, true),
        gifts: [],
        qr: null,
        ad: null,
        match: null,
        payout,
        lateGift,
      },
      { status: 410 },
    );
  }
  const [gifts, qr, ad, match] = await Promise.all([
    listRecentPaidGifts(party.id, PARTY_PAGE_GIFTS),
    qrCodeDataUrl(party.shareLink),
    getSponsorAd("festa"),
    partyMatchBanner(party.id),
  ]);
  return data({
    status: "live" as const,
    party: publicParty,
    shareUrl,
    seo: partySeo(party, false),
    gifts,
    qr,
    ad,
    match,
    payout: null,
    lateGift: null,
  });
}

export function meta(args: Route.MetaArgs) {
  const loaderData = args.loaderData;
  if (!loaderData) return [{ title: "Festa — Festa Solidária" }];
  return seoMeta(args, loaderData.seo);
}

/** The page's share texts, written on the server: the party page's script stays within its budget. */
function partySeo(
  party: { name: string; shareCode: string; causeName: string; raisedCents: number; paidCount: number; updatedAt: Date },
  ended: boolean,
) {
  const raised = party.raisedCents > 0 ? `${formatCents(party.raisedCents)} arrecadados` : "seja o primeiro a contribuir";
  return {
    title: party.name,
    description: ended
      ? `Festa solidária encerrada: ${formatCents(party.raisedCents)} arrecadados para ${party.causeName}. Obrigado a todos!`
      : `Festa solidária em prol de ${party.causeName}: ${raised}. Em vez de presente, faça uma doação!`,
    path: `/festa/${party.shareCode}`,
    image: `/festa/${party.shareCode}/previa.png?v=${previewVersion(party)}`,
    imageAlt: `Festa Solidária: ${party.name} em prol de ${party.causeName}`,
    noindex: ended,
  };
}

function peopleWhoGave(n: number) {
  return n === 1 ? "1 pessoa já doou" : `${n.toLocaleString("pt-BR")} pessoas já doaram`;
}

export default function PartyPage({ loaderData }: Route.ComponentProps) {
  const { party, qr, ad, status, payout } = loaderData;
  const feeText = useRootData()?.config.feeSentence;
  // Guests see the total and the gifts arrive without reloading (the page itself stays cacheable).
  const live = useLiveParty<PartyLiveSnapshot>(status === "live" ? `/festa/${party.shareCode}/eventos` : null);
  if (status === "ended")
    return (
      <Suspense>
        <PartyEnded party={party} payout={payout} closedMessage={party.closedMessage} lateGift={loaderData.lateGift} />
      </Suspense>
    );
  const { raisedCents, paidCount, gifts, match } = live ?? {
    raisedCents: party.raisedCents,
    paidCount: party.paidCount,
    gifts: loaderData.gifts,
    match: loaderData.match,
  };
  const donateHref = `/doar?festa=${party.id}`;
  const missing = party.goalCents - raisedCents;

  return (
    <div className="bg-gradient-to-b from-coral-50 to-cream [overflow-wrap:anywhere]">
      {/* Phone: hero, reason, cause, gifts, QR, ad in one column (wrappers are display:contents and
          children are ordered); desktop: story on the left, cause and sharing on the right. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-5 pb-12 md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:items-start md:gap-8 md:pt-10">
        <div className="contents md:flex md:flex-col md:gap-8">
          <section aria-labelledby="festa-nome" className="order-1 min-w-0 md:order-none">
            <img
              {...party.cover}
              sizes="(min-width: 768px) 44rem, 100vw"
              alt=""
              fetchPriority="high"
              className="mb-4 aspect-video w-full rounded-2xl bg-coral-100 object-cover shadow-soft"
            />
            <p className="text-sm font-bold text-coral-700">
              <span>{formatCalendarDate(party.eventDate)}</span>
              <span aria-hidden="true"> · </span>
              <span>{party.eventType}</span>
            </p>
            <h1 id="festa-nome" className="mt-1 text-2xl leading-tight md:text-4xl">
              {party.name}
            </h1>
            {party.organizer ? (
              <p className="mt-2 flex items-center gap-2 font-semibold text-ink/90">
                <img src={party.organizerAvatar} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
                <span>Organizado por {party.organizer}</span>
              </p>
            ) : null}
            <div className="mt-4 rounded-2xl bg-white p-4 shadow-soft md:p-6" data-testid="totais">
              {raisedCents > 0 ? (
                <p>
                  <span className="block text-sm font-semibold text-muted">
                    {/* Moved by the team: the total includes gifts an earlier institution received (said below). */}
                    {party.earlierInstitutions.length > 0 ? "Arrecadado nesta festa" : `Arrecadado para ${party.causeName}`}
                  </span>
                  <span className="text-3xl font-extrabold text-indigo-800" data-testid="arrecadado">
                    {formatCents(raisedCents)}
                  </span>
                </p>
              ) : (
                <p className="text-xl font-extrabold text-indigo-800">Seja o primeiro a contribuir</p>
              )}
              <PartyProgress raisedCents={raisedCents} goalCents={party.goalCents} className="mt-3" />
              {party.goalCents > 0 ? (
                <p className="mt-1 font-bold text-indigo-800">
                  {missing > 0 ? `Faltam ${formatCents(missing)} para a meta` : "Meta alcançada! Obrigado a todos 🎉"}
                </p>
              ) : null}
              {paidCount > 0 ? <p className="mt-1 text-sm font-semibold text-muted">{peopleWhoGave(paidCount)}</p> : null}
              <MatchBannerBox match={match} />
              <Link to={donateHref} className={buttonVariants({ size: "lg", className: "mt-4 w-full" })}>
                Fazer Doação
              </Link>
              <ShareButtons link={party.shareLink} title={party.name} className="mt-3 [&>button]:flex-1" size="sm" />
            </div>
          </section>

          {party.message ? (
            <section aria-labelledby="motivo" className="order-2 md:order-none">
              <h2 id="motivo" className="text-xl">
                Por que escolhi essa ONG/Causa
              </h2>
              <p className="mt-2 whitespace-pre-line text-lg text-ink/90">{party.message}</p>
            </section>
          ) : null}

          <section aria-labelledby="contribuicoes" aria-live="polite" className="order-4 md:order-none">
            <h2 id="contribuicoes" className="text-xl">
              Contribuições Recentes
            </h2>
            {gifts.length > 0 ? (
              <Card className="mt-3 py-2">
                <GiftList gifts={gifts} />
              </Card>
            ) : (
              <p className="mt-2 text-muted">Ainda não há contribuições. Que tal ser a primeira pessoa a presentear esta causa?</p>
            )}
          </section>
        </div>

        <div className="contents md:flex md:flex-col md:gap-6">
          <Card role="region" aria-labelledby="causa-titulo" className="order-3 md:order-none">
            <h2 id="causa-titulo" className="text-sm font-bold tracking-wide text-coral-700 uppercase">
              ONG/Causa escolhida
            </h2>
            <p className="mt-2 text-xl font-extrabold text-indigo-800">
              {party.causeIcon ? <span aria-hidden="true">{party.causeIcon} </span> : null}
              {party.causeName}
            </p>
            <p className="mt-2 text-ink/90">{party.causeDescription}</p>
            {party.institution ? <InstitutionBox institution={party.institution} className="mt-4 p-3 shadow-none" /> : null}
            {party.earlierInstitutions.map((line) => (
              <p key={line} className="mt-2 text-sm text-muted" data-testid="instituicao-anterior">
                {line}
              </p>
            ))}
            <dl className="mt-4 grid grid-cols-2 gap-3 text-center">
              <div className="rounded-xl bg-cream p-3">
                <dt className="text-xs font-bold text-muted">Contribuições</dt>
                <dd className="text-xl font-extrabold text-indigo-800">{paidCount.toLocaleString("pt-BR")}</dd>
              </div>
              <div className="rounded-xl bg-cream p-3">
                <dt className="text-xs font-bold text-muted">Arrecadado</dt>
                <dd className="text-xl font-extrabold text-indigo-800">{formatCents(raisedCents)}</dd>
              </div>
            </dl>
            <Link to={donateHref} className={buttonVariants({ className: "mt-4 w-full" })}>
              Fazer Doação
            </Link>
            <p className="mt-3 text-sm text-muted">{feeText}</p>
          </Card>
          {qr ? (
            <Card className="order-5 flex items-center gap-4 md:order-none">
              <img
                src={qr}
                width={112}
                height={112}
                alt={`QR code com o link da festa: ${party.shareLink}`}
                className="h-28 w-28 shrink-0 rounded-lg"
              />
              <p className="text-sm text-muted">Aponte a câmera do celular para abrir esta festa ou mostre o código aos convidados.</p>
            </Card>
          ) : null}
          <SponsorBanner ad={ad} className="order-6 md:order-none md:flex-col" />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  useEffect(() => {
    toast.error("Erro ao carregar", { description: "Não foi possível carregar os dados da festa" });
  }, []);
  return (
    <ErrorScreen title="Ops!" message="Não foi possível carregar os dados desta festa. Verifique sua conexão e tente novamente." retry />
  );
}
