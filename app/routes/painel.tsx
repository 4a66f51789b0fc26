import { Plus, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/painel";
import { EndedPartyRow, OwnerPartyCard } from "~/components/party/owner-party-card";
import { useLiveDonations } from "~/components/party/use-live-donations";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { requireUser } from "~/domain/accounts/guards.server";
import { pageMeta } from "~/platform/ui/meta";
import { netAmountPhrase } from "~/domain/payouts/payout-texts";
import { partyVisibility } from "~/domain/parties/party-status";
import { listRecentPaidGiftsByParty } from "~/domain/donations/gifts.server";
import { listPartiesOfOwner } from "~/domain/parties/party-list.server";
import { listPartyPayouts } from "~/domain/payouts/party-payouts.server";
import { partyCertificateCodes } from "~/domain/impact/certificates.server";
import { useRootData } from "~/components/layout/root-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Ownership is in the query's where: only the session user's parties are ever read.
  const parties = await listPartiesOfOwner(user.id);
  const live = parties.filter((p) => partyVisibility(p) === "live");
  const ended = parties.filter((p) => partyVisibility(p) === "ended");
  const [gifts, payouts, certificates] = await Promise.all([
    listRecentPaidGiftsByParty(live.map((p) => p.id)),
    listPartyPayouts(ended, context.config.PIX_MED_HOLD_DAYS),
    partyCertificateCodes(ended.map((p) => p.id)),
  ]);
  return {
    firstName: user.name.split(" ")[0] ?? user.name,
    live: live.map((p) => ({ ...p, gifts: gifts.get(p.id) ?? [] })),
    // An ended party's payout: settlement, deadline and, once transferred, the date and the proof.
    ended: ended.map((p) => ({ ...p, payout: payouts.get(p.id)!, certificateCode: certificates.get(p.id) ?? null })),
  };
}

export const meta = () =>
  pageMeta({ title: "Painel do Festeiro", description: "Acompanhe as doações das suas festas solidárias.", noindex: true });

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { firstName, live, ended } = loaderData;
  const liveState = useLiveDonations();
  const feePercent = useRootData()?.config.feePercent;
  const none = live.length === 0 && ended.length === 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14" data-live={liveState}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Olá, {firstName}!</p>
          <h1 className="mt-1 text-3xl md:text-4xl">Painel do Festeiro</h1>
          <p className="mt-2 text-muted">
            As doações aparecem aqui assim que são confirmadas
            {liveState === "ready" ? (
              <span className="ml-2 inline-flex items-center gap-1 text-sm font-bold text-paid">
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-paid" />
                ao vivo
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {/* A team's parties added up on one page (decision 217). */}
          <Link to="/campanhas/nova" className={buttonVariants({ variant: "secondary" })}>
            <Users size={18} strokeWidth={2} aria-hidden="true" />
            Criar campanha do time
          </Link>
          {none ? null : (
            <Link to="/criar-festa" className={buttonVariants()}>
              <Plus size={18} strokeWidth={2} aria-hidden="true" />
              Criar Nova Festa
            </Link>
          )}
        </div>
      </div>

      {none ? (
        <EmptyState
          className="mt-10"
          icon="🎉"
          title="Você ainda não criou nenhuma festa solidária"
          description="Crie sua festa em um minuto e convide seus amigos a presentear uma causa."
        >
          <Link to="/criar-festa" className={buttonVariants()}>
            Criar Festa Solidária
          </Link>
        </EmptyState>
      ) : null}

      {live.length > 0 ? (
        <section aria-labelledby="festas-ativas" className="mt-10">
          <h2 id="festas-ativas" className="text-2xl">
            Festas ativas
          </h2>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            {live.map(({ gifts, ...party }) => (
              <OwnerPartyCard key={party.id} party={party} gifts={gifts} />
            ))}
          </div>
        </section>
      ) : !none ? (
        <p className="mt-10 text-muted">Nenhuma festa ativa no momento.</p>
      ) : null}

      {ended.length > 0 ? (
        <section aria-labelledby="festas-encerradas" className="mt-12">
          <h2 id="festas-encerradas" className="text-2xl">
            Encerradas
          </h2>
          <p className="mt-1 text-sm text-muted">
            Festas que passaram de 5 dias após a data do evento não recebem mais doações.
            {feePercent === undefined
              ? null
              : ` Depois que a operadora do cartão libera os valores, transferimos ${netAmountPhrase(feePercent)} para a instituição.`}
          </p>
          <ul className="mt-4 grid gap-3">
            {ended.map(({ payout, certificateCode, ...party }) => (
              <EndedPartyRow key={party.id} party={party} payout={payout} certificateCode={certificateCode} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
