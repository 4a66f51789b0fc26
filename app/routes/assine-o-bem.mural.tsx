import { Link } from "react-router";
import { SupportersMural } from "~/components/subscriptions/supporters-mural";
import { buttonVariants } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { plansWith } from "~/domain/subscriptions/benefits";
import { supportersRanking } from "~/domain/subscriptions/supporters.server";
import { publicPageHeaders } from "~/platform/http/cache-headers";
import { pageMeta } from "~/platform/ui/meta";
import type { Route } from "./+types/assine-o-bem.mural";

// People's chosen names: public, but not for search engines.
export const meta = () =>
  pageMeta({
    title: "Mural de apoiadores",
    description: "O ranking dos Assinantes do Bem por faixa de contribuição mensal e os apoiadores que escolheram aparecer no mural.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = publicPageHeaders;

/** Public: counts of active subscriptions per band and the names of those who opted in from /conta. */
export async function loader() {
  const bands = await supportersRanking();
  return {
    bands,
    muralPlans: plansWith("mural")
      .map((p) => p.name)
      .join(" e "),
  };
}

export default function SupportersMuralPage({ loaderData }: Route.ComponentProps) {
  const { bands, muralPlans } = loaderData;
  const total = bands.reduce((sum, b) => sum + b.subscribers, 0);
  return (
    <>
      <PageHeader
        eyebrow="Assine o Bem"
        title="Mural de apoiadores"
        description={
          total === 0
            ? "Ainda não há assinaturas ativas. Que tal ser a primeira pessoa do ranking?"
            : `${total === 1 ? "1 Assinante do Bem apoia" : `${total.toLocaleString("pt-BR")} Assinantes do Bem apoiam`} as causas todos os meses. Aparece aqui quem escolheu aparecer, com o nome que preferiu.`
        }
      />
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <SupportersMural bands={bands} muralPlans={muralPlans} />
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted">
          A contagem inclui só as assinaturas ativas. Assinantes dos planos {muralPlans} escolhem aparecer em Minha conta e podem sair do
          mural quando quiserem.
        </p>
        <p className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/assine-o-bem" className={buttonVariants()}>
            Conhecer os planos
          </Link>
          <Link to="/conta#beneficios" className={buttonVariants({ variant: "secondary" })}>
            Minha conta
          </Link>
        </p>
      </div>
    </>
  );
}
