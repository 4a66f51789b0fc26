import { ArrowRight, FileText, HandHeart, MapPin, PartyPopper, Share2, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { feeSentence } from "~/domain/donations/fee";
import { formatCents } from "~/platform/money";
import { PLANS } from "~/domain/subscriptions/plans";

/**
 * A section below the first screen: the browser lays it out and paints it only when it nears the
 * viewport (content-visibility), with a size kept meanwhile so the scrollbar does not jump. It
 * stays in the accessibility tree and in find-in-page, and is always drawn when printed.
 */
export const BELOW_THE_FOLD = "[content-visibility:auto] [contain-intrinsic-size:auto_40rem] print:[content-visibility:visible]";

export function SectionHeading({ eyebrow, title, text, id }: { eyebrow?: string; title: string; text?: string; id?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl md:text-4xl">
        {title}
      </h2>
      {text ? <p className="mt-3 text-lg text-muted">{text}</p> : null}
    </div>
  );
}

export function HowItWorks({ feePercent }: { feePercent: number }) {
  const steps = [
    { icon: PartyPopper, title: "Crie sua festa", text: "Em poucos minutos: nome, data, causa e, se quiser, uma meta. Criar é grátis." },
    { icon: Share2, title: "Compartilhe o link", text: "Envie a página da sua festa pelo WhatsApp e pelas redes para os convidados." },
    { icon: HandHeart, title: "Convidados doam", text: "No lugar do presente, cada convidado doa o valor que quiser para a causa." },
    { icon: Sparkles, title: "A causa recebe", text: feeSentence(feePercent) },
  ];
  return (
    <section aria-labelledby="como-funciona" className={`mx-auto max-w-7xl px-4 py-16 ${BELOW_THE_FOLD}`}>
      <SectionHeading id="como-funciona" eyebrow="Como funciona" title="Quatro passos para uma festa do bem" />
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-2xl border border-coral-100 bg-white p-6 shadow-soft">
            <div className="flex items-center gap-3">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-coral-50 text-coral-600">
                <Icon size={24} strokeWidth={2} aria-hidden="true" />
              </span>
              <span className="text-sm font-bold text-muted">Passo {i + 1}</span>
            </div>
            <h3 className="mt-4 text-xl">{title}</h3>
            <p className="mt-2 text-muted">{text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-center">
        <Link to="/como-funciona" className="inline-flex items-center gap-1 font-bold text-indigo-700 underline-offset-4 hover:underline">
          Saiba como funciona em detalhes <ArrowRight size={18} strokeWidth={2} aria-hidden="true" />
        </Link>
      </p>
    </section>
  );
}

export function SubscriptionTeaser() {
  return (
    <section aria-labelledby="assine" className={`bg-indigo-50 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading
          id="assine"
          eyebrow="Assine o Bem"
          title="Doe todo mês, sem precisar lembrar"
          text="Escolha um plano mensal e acompanhe o impacto nos relatórios. Você pode cancelar quando quiser."
        />
        <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan.id} className="rounded-2xl border border-indigo-100 bg-white p-5 text-center shadow-soft">
              <p className="font-extrabold text-indigo-800">{plan.name}</p>
              <p className="mt-2 text-2xl font-extrabold text-coral-700 md:text-3xl">{formatCents(plan.priceCents).replace(",00", "")}</p>
              <p className="text-sm text-muted">por mês</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link
            to="/assine-o-bem"
            className="inline-flex h-12 items-center rounded-full bg-coral-600 px-6 font-bold text-white shadow-soft hover:bg-coral-700"
          >
            Conhecer os planos
          </Link>
        </p>
      </div>
    </section>
  );
}

type MainOrg = {
  slug: string;
  name: string;
  city: string;
  state: string;
  description: string;
  bannerUrl: string | null;
  causeName: string | null;
};

export function MainCharity({ org }: { org: MainOrg | null }) {
  if (!org) return null;
  return (
    <section aria-labelledby="instituicao-principal" className={`mx-auto max-w-7xl px-4 py-16 ${BELOW_THE_FOLD}`}>
      <div className="grid items-center gap-8 overflow-hidden rounded-3xl border border-coral-100 bg-white shadow-soft md:grid-cols-2">
        {org.bannerUrl ? (
          <img src={org.bannerUrl} alt="" width={640} height={320} loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : null}
        <div className="p-6 md:p-10">
          <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Instituição apoiada</p>
          <h2 id="instituicao-principal" className="mt-2 text-2xl md:text-3xl">
            {org.name}
          </h2>
          <p className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-muted">
            <MapPin size={16} strokeWidth={2} aria-hidden="true" /> {org.city} - {org.state}
            {org.causeName ? <> · {org.causeName}</> : null}
          </p>
          <p className="mt-4 text-ink">{org.description}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={`/causas#${org.slug}`}
              className="inline-flex h-11 items-center rounded-full border-2 border-indigo-700 px-5 font-bold text-indigo-700 hover:bg-indigo-50"
            >
              Conheça a associação
            </Link>
            <Link
              to="/doar"
              className="inline-flex h-11 items-center rounded-full bg-coral-600 px-5 font-bold text-white hover:bg-coral-700"
            >
              Doar Agora
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function TransparencyLink({ feePercent }: { feePercent: number }) {
  return (
    <section aria-labelledby="transparencia-home" className={`mx-auto max-w-7xl px-4 pb-4 ${BELOW_THE_FOLD}`}>
      <div className="flex flex-col items-start gap-4 rounded-3xl bg-indigo-800 p-8 text-white md:flex-row md:items-center md:justify-between md:p-10">
        <div className="flex items-start gap-4">
          <FileText size={36} strokeWidth={2} aria-hidden="true" className="mt-1 shrink-0 text-coral-200" />
          <div>
            <h2 id="transparencia-home" className="text-2xl text-white">
              Transparência em cada centavo
            </h2>
            <p className="mt-2 max-w-2xl text-indigo-100">
              {feeSentence(feePercent)} Veja para onde vai o dinheiro e baixe os relatórios mensais.
            </p>
          </div>
        </div>
        <Link
          to="/transparencia"
          className="inline-flex h-12 shrink-0 items-center rounded-full bg-white px-6 font-bold text-indigo-800 hover:bg-indigo-50"
        >
          Ver transparência
        </Link>
      </div>
    </section>
  );
}
