import { publicPageHeaders } from "~/platform/http/cache-headers";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/eventos";
import { PartyCard } from "~/components/party/party-card";
import { SponsorBanner } from "~/components/content/sponsor-banner";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Spinner } from "~/components/ui/spinner";
import { isValidCalendarDate } from "~/platform/dates";
import { seoMeta } from "~/platform/ui/seo";
import { cn } from "~/platform/ui/cn";
import { getSponsorAd } from "~/domain/content/ads.server";
import { listLiveParties } from "~/domain/parties/party-list.server";
import { defaultAvatar, partyCover, photoAvatarUrl } from "~/domain/parties/party-images";
import { formatCents, progressPercent } from "~/platform/money";

export const headers: Route.HeadersFunction = publicPageHeaders;

// Bad query values are dropped, never an error: the page stays shareable and forgiving.
const searchSchema = z.object({
  nome: z.string().trim().max(100).catch("").default(""),
  data: z.string().refine(isValidCalendarDate).catch("").default(""),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  // Public listing: no session needed.
  const params = new URL(request.url).searchParams;
  const search = searchSchema.parse({
    nome: params.get("nome") ?? undefined,
    data: params.get("data") ?? undefined,
    pagina: params.get("pagina") ?? undefined,
  });
  const [result, ad] = await Promise.all([
    listLiveParties({ name: search.nome || null, date: search.data || null, page: search.pagina }),
    getSponsorAd("eventos"),
  ]);
  // The cards' derived parts are computed here, not in the browser (the page's JS budget).
  const first = (result.page - 1) * result.pageSize;
  const parties = result.parties.map(
    ({ coverPhotoKey, creatorPhotoKey, creatorImage, bannerUrl, raisedCents, goalCents, paidCount: _n, ...party }, i) => ({
      ...party,
      avatar: photoAvatarUrl(creatorPhotoKey) ?? creatorImage ?? defaultAvatar(first + i),
      cover: coverPhotoKey || !bannerUrl ? partyCover(coverPhotoKey) : { src: bannerUrl, width: 640, height: 320 },
      organizer: party.creatorName?.trim().split(/\s+/)[0] ?? null,
      raisedText: raisedCents > 0 ? `${formatCents(raisedCents)} arrecadados` : null,
      percent: raisedCents > 0 && goalCents > 0 ? Math.round(progressPercent(raisedCents, goalCents)) : null,
    }),
  );
  return { ...result, parties, search, ad };
}

export const meta = (args: Route.MetaArgs) =>
  seoMeta(args, {
    title: "Eventos",
    description: "Encontre a festa solidária de quem você ama e transforme o seu presente em doação para uma causa.",
  });

function pageHref(search: { nome: string; data: string }, page: number) {
  const q = new URLSearchParams();
  if (search.nome) q.set("nome", search.nome);
  if (search.data) q.set("data", search.data);
  if (page > 1) q.set("pagina", String(page));
  const s = q.toString();
  return s ? `/eventos?${s}` : "/eventos";
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { parties, search, page, pageCount, pageSize, totalCount, ad } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/eventos";
  const filtered = Boolean(search.nome || search.data);

  return (
    <>
      <PageHeader
        eyebrow="Festas solidárias"
        title="Eventos"
        description="Procure pelo nome do aniversariante ou pela data da festa e presenteie com uma doação."
      />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <Form
          method="get"
          role="search"
          aria-label="Buscar eventos"
          className="-mt-4 grid gap-4 rounded-2xl bg-white p-5 shadow-soft md:grid-cols-[1fr_14rem_auto] md:items-end"
        >
          {/* key: the fields follow the URL when the visitor navigates back and forth */}
          <TextField
            key={`n-${search.nome}`}
            label="Nome do aniversariante ou da festa"
            name="nome"
            type="search"
            defaultValue={search.nome}
            maxLength={100}
            placeholder="Ex.: Mariana"
          />
          <TextField key={`d-${search.data}`} label="Data do evento" name="data" type="date" defaultValue={search.data} />
          <Button type="submit" loading={loading} loadingText="Buscando...">
            <Search size={18} strokeWidth={2} aria-hidden="true" />
            Buscar Eventos
          </Button>
        </Form>

        <div className="mt-8" aria-live="polite" aria-busy={loading || undefined}>
          {loading ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : null}
          {parties.length === 0 ? (
            <EmptyState
              title={filtered ? "Nenhum evento encontrado com os filtros selecionados." : "Nenhum evento disponível no momento."}
              icon="🎈"
            >
              {filtered ? (
                <Link to="/eventos" className={buttonVariants({ variant: "secondary" })}>
                  Ver todos os eventos
                </Link>
              ) : (
                <Link to="/criar-festa" className={buttonVariants()}>
                  Criar Festa Solidária
                </Link>
              )}
            </EmptyState>
          ) : (
            <>
              <p className="mb-4 text-sm font-semibold text-muted">
                {totalCount === 1 ? "1 evento encontrado" : `${totalCount.toLocaleString("pt-BR")} eventos encontrados`}
              </p>
              <ul className={cn("grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3", loading && "opacity-60")}>
                {parties.map((party, i) => (
                  <li key={party.id}>
                    <PartyCard party={party} index={(page - 1) * pageSize + i} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {pageCount > 1 ? (
            <nav aria-label="Paginação" className="mt-10 flex items-center justify-center gap-3">
              {page > 1 ? (
                <Link to={pageHref(search, page - 1)} className={buttonVariants({ variant: "secondary", size: "sm" })}>
                  <ChevronLeft size={16} strokeWidth={2} aria-hidden="true" />
                  Anterior
                </Link>
              ) : null}
              <span className="text-sm font-semibold text-muted">
                Página {page} de {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={pageHref(search, page + 1)} className={buttonVariants({ variant: "secondary", size: "sm" })}>
                  Próxima
                  <ChevronRight size={16} strokeWidth={2} aria-hidden="true" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>

        <SponsorBanner ad={ad} className="mt-12" />
      </div>
    </>
  );
}
