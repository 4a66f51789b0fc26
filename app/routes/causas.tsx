import { publicPageHeaders } from "~/platform/http/cache-headers";
import { HandHeart, MapPin, PartyPopper } from "lucide-react";
import { Form, Link, useNavigate } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/causas";
import { OrganizationCard, OrganizationDetails } from "~/components/causes/organization";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { seoMeta } from "~/platform/ui/seo";
import { getSponsorAd } from "~/domain/content/ads.server";
import { listActiveCauses } from "~/domain/organizations/causes.server";
import { listOrganizationCities, listPublicOrganizations } from "~/domain/organizations/organizations.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Causas e ONGs",
    description:
      "Conheça as instituições que você pode apoiar com a sua festa solidária ou uma doação: doenças raras, combate à fome, educação, proteção animal e mais.",
    path: "/causas",
  });

/**
 * Filters come from the URL (GET form). Empty means "all"; a value that cannot match (not a cause
 * id, an absurdly long city) gives the empty state instead of reaching the database.
 */
const filterSchema = z.object({
  causa: z.union([z.literal(""), z.uuid()]),
  cidade: z.string().max(100),
});

export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filter = { causa: search.get("causa")?.trim() ?? "", cidade: search.get("cidade")?.trim() ?? "" };
  const valid = filterSchema.safeParse(filter).success;
  const [organizations, causes, cities, ad] = await Promise.all([
    valid ? listPublicOrganizations({ causeId: filter.causa || undefined, city: filter.cidade || undefined }) : [],
    listActiveCauses(),
    listOrganizationCities(),
    getSponsorAd("causas"),
  ]);
  return { filter: { causa: filter.causa.slice(0, 100), cidade: filter.cidade.slice(0, 100) }, organizations, causes, cities, ad };
}

export default function Causas({ loaderData }: Route.ComponentProps) {
  const { filter, organizations, causes, cities, ad } = loaderData;
  const navigate = useNavigate();
  const filtered = Boolean(filter.causa || filter.cidade);

  // With JavaScript a change applies at once, with a clean URL; without it the button submits.
  function apply(form: HTMLFormElement) {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string" && value) params.set(key, value);
    const query = params.toString();
    void navigate(query ? `/causas?${query}` : "/causas", { preventScrollReset: true });
  }

  return (
    <>
      <PageHeader
        eyebrow="Causas e ONGs"
        title="Escolha uma causa para apoiar"
        description="Cada festa solidária e cada doação chegam a uma instituição real. Conheça quem faz o trabalho acontecer e escolha a causa que mais combina com você."
      />

      <section aria-labelledby="instituicoes" className="mx-auto max-w-7xl px-4 pt-4">
        <h2 id="instituicoes" className="sr-only">
          Instituições
        </h2>
        <Form
          method="get"
          action="/causas"
          onChange={(e) => apply(e.currentTarget)}
          onSubmit={(e) => {
            e.preventDefault();
            apply(e.currentTarget);
          }}
          className="flex flex-col gap-4 rounded-2xl border border-coral-100 bg-white p-4 shadow-soft sm:flex-row sm:items-end"
        >
          <SelectField label="Causa" name="causa" defaultValue={filter.causa} key={`c-${filter.causa}`} className="flex-1">
            <option value="">Todas as causas</option>
            {causes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Cidade" name="cidade" defaultValue={filter.cidade} key={`d-${filter.cidade}`} className="flex-1">
            <option value="">Todas as cidades</option>
            {cities.map((c) => (
              <option key={`${c.city}-${c.state}`} value={c.city}>
                {c.city} - {c.state}
              </option>
            ))}
          </SelectField>
          <button
            type="submit"
            className="inline-flex h-11 items-center justify-center rounded-full bg-coral-600 px-6 font-bold text-white hover:bg-coral-700"
          >
            Filtrar
          </button>
        </Form>

        <p role="status" className="mt-6 text-sm font-semibold text-muted">
          {organizations.length === 1 ? "1 instituição encontrada" : `${organizations.length} instituições encontradas`}
          {filtered ? (
            <>
              {" · "}
              <Link to="/causas" preventScrollReset className="text-indigo-700 underline underline-offset-4">
                Limpar filtros
              </Link>
            </>
          ) : null}
        </p>

        {organizations.length === 0 ? (
          <EmptyState
            className="mt-4"
            icon="🔍"
            title="Nenhuma causa encontrada"
            description="Tente ajustar os filtros para ver mais causas disponíveis"
          />
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {organizations.map((org, i) => (
              <li key={org.id}>
                <OrganizationCard org={org} eager={i < 3} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {ad ? (
        <div className="mx-auto mt-12 max-w-5xl px-4">
          <SponsorBanner ad={ad} />
        </div>
      ) : null}

      {organizations.length > 0 ? (
        <section aria-labelledby="conheca" className="mx-auto mt-16 max-w-5xl px-4">
          <h2 id="conheca" className="text-center text-3xl">
            Conheça as instituições
          </h2>
          <div className="mt-8 space-y-8">
            {organizations.map((org) => (
              <OrganizationDetails key={org.id} org={org} />
            ))}
          </div>
        </section>
      ) : null}

      <section aria-label="Participe" className="mx-auto mt-16 grid max-w-7xl gap-6 px-4 md:grid-cols-2">
        <div className="rounded-3xl border border-coral-100 bg-white p-8 shadow-soft">
          <MapPin size={32} strokeWidth={2} aria-hidden="true" className="text-coral-600" />
          <h2 className="mt-3 text-2xl">Quero cadastrar a minha ONG/Causa Social</h2>
          <p className="mt-2 text-muted">
            Sua instituição pode receber festas solidárias e doações. Faça o pedido online: consultamos o CNPJ na Receita Federal, você
            envia os documentos e a equipe confere.
          </p>
          <Link
            to="/ongs/cadastrar"
            className="mt-6 inline-flex h-11 items-center rounded-full border-2 border-indigo-700 px-5 font-bold text-indigo-700 hover:bg-indigo-50"
          >
            Quero cadastrar a minha ONG/Causa Social
          </Link>
        </div>
        <div className="rounded-3xl bg-indigo-800 p-8 text-white">
          <HandHeart size={32} strokeWidth={2} aria-hidden="true" className="text-coral-200" />
          <h2 className="mt-3 text-2xl text-white">Faça parte dessa corrente do bem</h2>
          <p className="mt-2 text-indigo-100">Doe agora para uma causa ou transforme a sua próxima comemoração em uma festa solidária.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/doar"
              className="inline-flex h-11 items-center gap-2 rounded-full bg-coral-600 px-5 font-bold text-white hover:bg-coral-700"
            >
              <HandHeart size={18} strokeWidth={2} aria-hidden="true" /> Doar Agora
            </Link>
            <Link
              to="/criar-festa"
              className="inline-flex h-11 items-center gap-2 rounded-full bg-white px-5 font-bold text-indigo-800 hover:bg-indigo-50"
            >
              <PartyPopper size={18} strokeWidth={2} aria-hidden="true" /> Criar Festa Solidária
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
