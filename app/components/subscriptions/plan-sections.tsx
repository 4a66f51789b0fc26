import { ArrowRight, Award, Gem, Medal, Trophy } from "lucide-react";
import { Link } from "react-router";
import { formatCents, splitFee } from "~/platform/money";
import { PLANS, type PlanId } from "~/domain/subscriptions/plans";
import { cn } from "~/platform/ui/cn";

/** Per plan: the monthly payment, what reaches the cause after the fee, and in a year. */
export function ImpactTable({ feePercent, currentPlan }: { feePercent: number; currentPlan: PlanId | null }) {
  return (
    <section aria-labelledby="impacto" className="mx-auto max-w-4xl px-4 py-12">
      <h2 id="impacto" className="text-center text-2xl md:text-3xl">
        O impacto de cada plano
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted">Quanto da sua mensalidade chega à causa, por mês e em um ano.</p>
      <div className="mt-8 overflow-hidden rounded-2xl border border-coral-100 bg-white shadow-soft">
        <table className="w-full text-left text-sm md:text-base">
          <caption className="sr-only">Mensalidade, valor que chega à causa por mês e em 12 meses, por plano</caption>
          <thead className="bg-indigo-50 text-indigo-900">
            <tr>
              <th scope="col" className="px-3 py-3 font-extrabold md:px-5">
                Plano
              </th>
              <th scope="col" className="hidden px-3 py-3 text-right font-extrabold sm:table-cell md:px-5">
                Por mês
              </th>
              <th scope="col" className="px-3 py-3 text-right font-extrabold md:px-5">
                Para a causa
              </th>
              <th scope="col" className="px-3 py-3 text-right font-extrabold whitespace-nowrap md:px-5">
                Em 12 meses
              </th>
              <th scope="col" className="hidden px-5 py-3 font-extrabold lg:table-cell">
                O que isso faz
              </th>
            </tr>
          </thead>
          <tbody>
            {PLANS.map((plan) => {
              const { netCents } = splitFee(plan.priceCents, feePercent);
              return (
                <tr key={plan.id} className={cn("border-t border-coral-100", plan.id === currentPlan && "bg-indigo-50/60")}>
                  <th scope="row" className="px-3 py-3 font-extrabold whitespace-nowrap text-indigo-800 md:px-5">
                    {plan.name}
                    {/* On a phone the monthly price joins the plan's cell, so no figure has to wrap. */}
                    <span className="block text-xs font-semibold whitespace-nowrap text-muted sm:hidden">
                      {formatCents(plan.priceCents)}/mês
                    </span>
                  </th>
                  <td className="hidden px-3 py-3 text-right whitespace-nowrap tabular-nums sm:table-cell md:px-5">
                    {formatCents(plan.priceCents)}
                  </td>
                  <td className="px-3 py-3 text-right font-bold whitespace-nowrap text-paid tabular-nums md:px-5">
                    {formatCents(netCents)}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums md:px-5">{formatCents(netCents * 12)}</td>
                  <td className="hidden px-5 py-3 text-muted lg:table-cell">{plan.impact}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const BAND_ICONS = { bronze: Medal, prata: Award, ouro: Trophy, diamante: Gem } as const;
export const BAND_COLORS = {
  bronze: "bg-[#f6e3d3] text-[#7a3f12]",
  prata: "bg-slate-100 text-slate-700",
  ouro: "bg-amber-100 text-amber-900",
  diamante: "bg-indigo-100 text-indigo-800",
} as const;

export const subscribersLabel = (n: number) => (n === 1 ? "1 assinante" : `${n.toLocaleString("pt-BR")} assinantes`);

/** The ranking bands (decisions.md): the monthly amount sets the level; each shows its active subscriptions now. */
export function RankingExplanation({ counts }: { counts: Partial<Record<PlanId, number>> }) {
  return (
    <section aria-labelledby="ranking" className="bg-indigo-50">
      <div className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="ranking" className="text-center text-2xl md:text-3xl">
          Ranking dos Assinantes do Bem
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
          Cada assinante entra no ranking pela contribuição mensal. A faixa define o seu nível, o selo do seu certificado digital e os
          benefícios que você recebe.
        </p>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => {
            const Icon = BAND_ICONS[plan.id];
            return (
              <li key={plan.id} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-soft">
                <span className={cn("flex h-12 w-12 shrink-0 items-center justify-center rounded-full", BAND_COLORS[plan.id])}>
                  <Icon size={24} strokeWidth={2} aria-hidden="true" />
                </span>
                <div>
                  <p className="font-extrabold text-indigo-800">{plan.name}</p>
                  <p className="text-sm text-muted">{plan.band} por mês</p>
                  <p className="mt-1 text-sm font-bold text-ink">{subscribersLabel(counts[plan.id] ?? 0)}</p>
                </div>
              </li>
            );
          })}
        </ol>
        <p className="mt-6 text-center">
          <Link
            to="/assine-o-bem/mural"
            className="inline-flex items-center gap-1 font-bold text-indigo-700 underline-offset-4 hover:underline"
          >
            Ver o mural de apoiadores <ArrowRight size={18} strokeWidth={2} aria-hidden="true" />
          </Link>
        </p>
        <p className="mx-auto mt-3 max-w-2xl text-center text-sm text-muted">
          Quer subir de nível? Você pode mudar de plano ou cancelar quando quiser, em Gerenciar Assinatura.
        </p>
      </div>
    </section>
  );
}
