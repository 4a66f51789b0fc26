import { publicPageHeaders } from "~/platform/http/cache-headers";
import { BookHeart, HeartHandshake, PartyPopper } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/historias";
import { SectionHeading } from "~/components/home/sections";
import { ImpactStats } from "~/components/content/impact-stats";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { PageHeader } from "~/components/ui/page-header";
import { seoMeta } from "~/platform/ui/seo";
import { getSponsorAd } from "~/domain/content/ads.server";
import { getImpactFigures } from "~/domain/content/impact.server";
import { listActiveStories } from "~/domain/content/stories.server";
import { listActiveTestimonials } from "~/domain/content/testimonials.server";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Histórias",
    description:
      "Festas que viraram tratamento, cestas básicas e bibliotecas: conheça as histórias de quem celebrou fazendo o bem e de quem foi ajudado.",
  });

export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader() {
  const [testimonials, stories, figures, ad] = await Promise.all([
    listActiveTestimonials(),
    listActiveStories(),
    getImpactFigures(),
    getSponsorAd("historias"),
  ]);
  return { testimonials, stories, figures, ad };
}

export default function Historias({ loaderData }: Route.ComponentProps) {
  const { testimonials, stories, figures, ad } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Histórias"
        title="Histórias que inspiram"
        description="Cada festa solidária deixa uma marca. Conheça quem celebrou fazendo o bem e quem recebeu esse carinho."
      />

      <section aria-labelledby="numeros" className="mx-auto max-w-7xl px-4">
        <h2 id="numeros" className="sr-only">
          Nosso impacto até aqui
        </h2>
        <ImpactStats figures={figures} />
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="depoimentos" className="mx-auto max-w-7xl px-4 py-16">
          <SectionHeading id="depoimentos" eyebrow="Depoimentos" title="Quem viveu conta" />
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.id}>
                <TestimonialCard testimonial={t} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {stories.length > 0 ? (
        <section aria-labelledby="historias-lista" className="bg-indigo-50">
          <div className="mx-auto max-w-7xl px-4 py-16">
            <SectionHeading id="historias-lista" eyebrow="Festas que fizeram a diferença" title="Histórias da comunidade" />
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {stories.map((story) => (
                <li key={story.id}>
                  <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-indigo-100 bg-white shadow-soft">
                    {story.imageUrl ? (
                      <img
                        src={story.imageUrl}
                        alt=""
                        width={640}
                        height={320}
                        loading="lazy"
                        decoding="async"
                        className="aspect-[2/1] w-full object-cover"
                      />
                    ) : (
                      <div
                        aria-hidden="true"
                        className="flex aspect-[4/1] items-center justify-center bg-gradient-to-br from-coral-100 to-indigo-100"
                      >
                        <BookHeart size={40} strokeWidth={2} className="text-coral-600" />
                      </div>
                    )}
                    <div className="p-6">
                      <h3 className="text-xl">{story.title}</h3>
                      <p className="mt-2 text-muted">{story.description}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {ad ? (
        <div className="mx-auto mt-12 max-w-5xl px-4">
          <SponsorBanner ad={ad} />
        </div>
      ) : null}

      <section aria-labelledby="sua-historia" className="mx-auto mt-16 max-w-7xl px-4">
        <div className="rounded-3xl bg-gradient-to-br from-coral-600 to-coral-700 p-8 text-center text-white md:p-12">
          <h2 id="sua-historia" className="text-3xl text-white">
            A próxima história pode ser a sua
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-coral-50">
            Transforme sua próxima comemoração em uma festa solidária ou apoie causas todos os meses.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/criar-festa"
              className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 font-bold text-coral-700 hover:bg-coral-50"
            >
              <PartyPopper size={20} strokeWidth={2} aria-hidden="true" /> Criar Festa Solidária
            </Link>
            <Link
              to="/assine-o-bem"
              className="inline-flex h-12 items-center gap-2 rounded-full border-2 border-white px-6 font-bold text-white hover:bg-white/10"
            >
              <HeartHandshake size={20} strokeWidth={2} aria-hidden="true" /> Assine o Bem
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
