import { publicPageHeaders } from "~/platform/http/cache-headers";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ScrollCarousel } from "~/components/carousel/scroll-carousel";
import { HeroCarousel, type HeroSlide } from "~/components/home/hero-carousel";
import { BELOW_THE_FOLD, HowItWorks, MainCharity, SectionHeading, SubscriptionTeaser, TransparencyLink } from "~/components/home/sections";
import { ImpactStats } from "~/components/content/impact-stats";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { feeHeadline } from "~/domain/donations/fee";
import { PLANS } from "~/domain/subscriptions/plans";
import { formatCents } from "~/platform/money";
import { seoMeta } from "~/platform/ui/seo";
import { listActiveAdsForPlacement, pickAd } from "~/domain/content/ads.server";
import { cachedContent } from "~/platform/content-cache.server";
import { listActiveCauses } from "~/domain/organizations/causes.server";
import { getImpactFigures } from "~/domain/content/impact.server";
import { getMainOrganization } from "~/domain/organizations/organizations.server";
import { listActiveTestimonials } from "~/domain/content/testimonials.server";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Transforme sua festa em solidariedade",
    description:
      "Aniversário, casamento ou formatura: troque os presentes por doações para uma causa. Crie sua festa solidária, compartilhe o link e acompanhe o quanto seus convidados arrecadam.",
  });

// Public, no personal data: the figures may be a minute old.
export const headers: Route.HeadersFunction = publicPageHeaders;

// The same for every visitor and rarely changed: read from the database at most every few seconds
// per process (CONTENT_CACHE_MS), and at once after an admin change; the ad is drawn per request.
const homeContent = () =>
  cachedContent("home", async () => {
    const [figures, testimonials, causes, mainOrganization, ads] = await Promise.all([
      getImpactFigures(),
      listActiveTestimonials(3),
      listActiveCauses(),
      getMainOrganization(),
      listActiveAdsForPlacement("home"),
    ]);
    return { figures, testimonials, causes, mainOrganization, ads };
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { ads, ...content } = await homeContent();
  return { ...content, ad: pickAd(ads), feePercent: context.config.PLATFORM_FEE_PERCENT };
}

const SLIDES: HeroSlide[] = [
  {
    id: "criar",
    eyebrow: "Festa Solidária",
    title: "Transforme sua festa em solidariedade",
    text: "No seu aniversário, casamento ou formatura, seus convidados presenteiam uma causa no lugar dos presentes.",
    primary: { to: "/criar-festa", label: "Criar Festa Solidária" },
    secondary: { to: "/como-funciona", label: "Como funciona" },
    art: "party",
  },
  {
    id: "multiplicar",
    eyebrow: "Cada convidado conta",
    title: "Multiplique alegria",
    text: "Uma comemoração vira refeições, terapias e livros. Encontre uma festa e celebre junto com quem faz o bem.",
    primary: { to: "/doar", label: "Doar Agora" },
    secondary: { to: "/eventos", label: "Buscar Eventos" },
    art: "hearts",
  },
  {
    id: "assinar",
    eyebrow: "Assine o Bem",
    title: "Faça o bem todo mês",
    text: `Com planos a partir de ${formatCents(PLANS[0]!.priceCents).replace(",00", "")} por mês, você apoia causas o ano inteiro e recebe relatórios de impacto.`,
    primary: { to: "/assine-o-bem", label: "Conhecer os planos" },
    art: "calendar",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { figures, testimonials, causes, mainOrganization, ad, feePercent } = loaderData;
  return (
    <>
      <HeroCarousel
        heading="Festa Solidária: transforme sua festa em solidariedade"
        slides={SLIDES}
        note={`${feeHeadline(feePercent)} · criar sua festa é grátis`}
      />

      <section aria-labelledby="impacto" className="mx-auto max-w-7xl px-4 pt-12">
        <h2 id="impacto" className="sr-only">
          Nosso impacto
        </h2>
        <ImpactStats figures={figures} />
      </section>

      <HowItWorks feePercent={feePercent} />

      {ad ? (
        <div className="mx-auto max-w-5xl px-4">
          <SponsorBanner ad={ad} />
        </div>
      ) : null}

      {testimonials.length > 0 ? (
        <section aria-labelledby="depoimentos" className={`mx-auto max-w-7xl px-4 py-16 ${BELOW_THE_FOLD}`}>
          <SectionHeading id="depoimentos" eyebrow="Depoimentos" title="Quem já fez a festa do bem" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.id}>
                <TestimonialCard testimonial={t} />
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center">
            <Link to="/historias" className="font-bold text-indigo-700 underline-offset-4 hover:underline">
              Ver todas as histórias
            </Link>
          </p>
        </section>
      ) : null}

      {causes.length > 0 ? (
        <section aria-labelledby="causas-home" className={`mx-auto max-w-7xl px-4 pb-16 ${BELOW_THE_FOLD}`}>
          <SectionHeading id="causas-home" eyebrow="Causas" title="Escolha a causa da sua festa" />
          <div className="mt-10">
            <ScrollCarousel label="Causas" delayMs={3_000}>
              {causes.map((cause) => (
                <article key={cause.id} className="flex h-full flex-col rounded-2xl border border-coral-100 bg-white p-6 shadow-soft">
                  <p aria-hidden="true" className="text-4xl">
                    {iconText(cause.icon)}
                  </p>
                  <h3 className="mt-3 text-xl">{cause.name}</h3>
                  <p className="mt-2 flex-1 text-muted">{cause.description}</p>
                  <Link
                    to={`/causas?causa=${cause.id}`}
                    className="mt-4 font-bold text-indigo-700 underline-offset-4 hover:underline"
                    aria-label={`Ver instituições de ${cause.name}`}
                  >
                    Ver instituições
                  </Link>
                </article>
              ))}
            </ScrollCarousel>
          </div>
        </section>
      ) : null}

      <SubscriptionTeaser />
      <MainCharity org={mainOrganization} />
      <TransparencyLink feePercent={feePercent} />
    </>
  );
}

/** Admins may type an emoji or an icon name; only short symbols are shown as the card's icon. */
function iconText(icon: string | null) {
  return icon && !/^[\w-]+$/.test(icon) && icon.length <= 8 ? icon : "💛";
}
