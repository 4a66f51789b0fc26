import { Pencil, Plus, Trophy } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/campanha.$slug";
import { buttonVariants } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { findCampaignBySlug, listCampaignParties } from "~/domain/campaigns/campaigns.server";
import { rankCampaignParties } from "~/domain/campaigns/leaderboard";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageMeta } from "~/platform/ui/meta";

/**
 * /campanha/{slug} (decision 217): the team's total, each party's paid total (the same maintained
 * figure its own page shows) and the leaderboard. Public: party names and totals only. Its creator
 * also sees the way to edit it (decision 222); a closed campaign takes no new party.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const campaign = await findCampaignBySlug(params.slug);
  if (!campaign) throw data("Campanha não encontrada.", { status: 404 });
  const viewer = campaign.createdBy ? await getOptionalUser(request) : null;
  const { totalCents, ranked } = rankCampaignParties(await listCampaignParties(campaign.id));
  return {
    campaign: {
      slug: campaign.slug,
      name: campaign.name,
      description: campaign.description,
      institutionName: campaign.institutionName,
      institutionSlug: campaign.institutionSlug,
      closedAt: campaign.closedAt?.toISOString() ?? null,
    },
    isCreator: viewer !== null && viewer.id === campaign.createdBy,
    totalCents,
    parties: ranked.map(({ position, name, shareCode, raisedCents, paidCount }) => ({ position, name, shareCode, raisedCents, paidCount })),
  };
}

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  pageMeta({
    title: loaded ? `Campanha ${loaded.campaign.name}` : "Campanha",
    description: loaded
      ? `Festas solidárias da campanha ${loaded.campaign.name} para ${loaded.campaign.institutionName}.`
      : "Campanha solidária.",
  });

const contributions = (n: number) => (n === 1 ? "1 contribuição" : `${n.toLocaleString("pt-BR")} contribuições`);

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { campaign, totalCents, parties, isCreator } = loaderData;
  const createHref = `/criar-festa?campanha=${encodeURIComponent(campaign.slug)}`;
  const open = campaign.closedAt === null;
  return (
    <>
      <PageHeader eyebrow="Campanha solidária" title={campaign.name} description={campaign.description ?? undefined}>
        <div className="flex flex-wrap justify-center gap-3">
          {open ? (
            <Link to={createHref} className={buttonVariants()}>
              <Plus size={18} strokeWidth={2} aria-hidden="true" />
              Criar uma festa nesta campanha
            </Link>
          ) : null}
          {isCreator ? (
            <Link to={`/campanha/${campaign.slug}/editar`} className={buttonVariants({ variant: "secondary" })}>
              <Pencil size={18} strokeWidth={2} aria-hidden="true" />
              Editar campanha
            </Link>
          ) : null}
        </div>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-8 px-4 pb-16 [overflow-wrap:anywhere]">
        {open ? null : (
          <Alert title={`Campanha encerrada em ${formatDate(campaign.closedAt!)}`} data-testid="campaign-closed">
            As festas da campanha continuam recebendo doações; novas festas não entram mais.
          </Alert>
        )}
        <section aria-labelledby="total-da-campanha" className="rounded-2xl bg-white p-5 text-center shadow-soft md:p-8">
          <h2 id="total-da-campanha" className="text-lg font-bold text-muted">
            Total do time
          </h2>
          <p className="mt-1 text-4xl font-extrabold text-indigo-800" data-testid="campaign-total">
            {formatCents(totalCents)}
          </p>
          <p className="mt-2 text-muted">
            {parties.length === 1 ? "1 festa" : `${parties.length} festas`} doando para{" "}
            <Link to={`/causas/${campaign.institutionSlug}`} className="font-bold text-coral-700 underline underline-offset-4">
              {campaign.institutionName}
            </Link>
          </p>
        </section>
        <section aria-labelledby="ranking">
          <h2 id="ranking" className="flex items-center gap-2 text-2xl">
            <Trophy size={22} strokeWidth={2} aria-hidden="true" />
            Ranking das festas
          </h2>
          {parties.length === 0 ? (
            <EmptyState
              className="mt-4"
              icon="🎉"
              title="Nenhuma festa nesta campanha ainda"
              description={open ? "Seja a primeira pessoa do time: crie a sua festa e chame os convidados." : "A campanha foi encerrada."}
            >
              {open ? (
                <Link to={createHref} className={buttonVariants()}>
                  Criar uma festa nesta campanha
                </Link>
              ) : null}
            </EmptyState>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-soft">
              <table className="w-full text-left">
                <caption className="sr-only">Festas da campanha, da que mais arrecadou para a que menos arrecadou</caption>
                <thead className="border-b border-coral-100 text-sm text-muted">
                  <tr>
                    <th scope="col" className="w-px whitespace-nowrap px-3 py-3 sm:px-4">
                      <abbr title="Posição" className="no-underline sm:hidden">
                        Pos.
                      </abbr>
                      <span className="hidden sm:inline">Posição</span>
                    </th>
                    <th scope="col" className="px-3 py-3 sm:px-4">
                      Festa
                    </th>
                    <th scope="col" className="whitespace-nowrap px-3 py-3 text-right sm:px-4">
                      Arrecadado
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-coral-100">
                  {parties.map((p) => (
                    <tr key={p.shareCode} data-campaign-party={p.shareCode}>
                      <td className="px-3 py-3 font-extrabold text-coral-700 sm:px-4">{p.position}º</td>
                      <th scope="row" className="px-3 py-3 font-bold text-indigo-800 sm:px-4">
                        <Link to={`/festa/${p.shareCode}`} className="underline-offset-4 hover:underline">
                          {p.name}
                        </Link>
                        <span className="block text-sm font-normal text-muted">{contributions(p.paidCount)}</span>
                      </th>
                      <td className="whitespace-nowrap px-3 py-3 text-right font-extrabold text-indigo-800 sm:px-4">
                        {formatCents(p.raisedCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
