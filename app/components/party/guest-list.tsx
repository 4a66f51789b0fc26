import { Download, Megaphone, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import type { PublicGift } from "~/domain/donations/gifts.server";
import { GiftList } from "./gift-list";

export type GuestListData = {
  gifts: PublicGift[];
  total: number;
  page: number;
  pageSize: number;
  search: string;
  /** Paid gifts of the party, whatever the search. */
  paidCount: number;
  /** Guests who agreed that the host gets their name and e-mail (the CSV's rows). */
  contacts: number;
  /** Null for a co-host: the contacts are the owner's alone (decision 217). */
  csvHref: string | null;
  newsHref: string;
  ended: boolean;
};

const contributions = (n: number) => (n === 1 ? "1 contribuição" : `${n.toLocaleString("pt-BR")} contribuições`);

function pageHref(page: number, search: string) {
  const query = new URLSearchParams();
  if (search) query.set("busca", search);
  if (page > 1) query.set("pagina", String(page));
  const text = query.toString();
  return `?${text}#convidados`;
}

/**
 * The host's guests on their party's dashboard (issue 29, item 6): every paid gift, 20 a page,
 * searchable by name (anonymous gifts show as "Doador Anônimo" and never match a search; no
 * e-mail here), the CSV of the guests who agreed to be contacted, and the news to them.
 */
export function GuestList({ data }: { data: GuestListData }) {
  const { gifts, total, page, pageSize, search, paidCount, contacts } = data;
  return (
    <section aria-labelledby="convidados" className="mt-6 rounded-2xl bg-white p-5 shadow-soft md:p-8" data-guest-list>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="convidados" className="scroll-mt-24 text-xl font-extrabold text-indigo-800">
            Convidados que doaram
          </h2>
          <p className="mt-1 text-sm text-muted">{paidCount > 0 ? `${contributions(paidCount)} confirmadas.` : "Nenhuma ainda."}</p>
        </div>
        {paidCount > 0 ? (
          <Form method="get" action="#convidados" role="search" className="flex w-full gap-2 sm:w-auto">
            <label htmlFor="busca-convidado" className="sr-only">
              Buscar convidado pelo nome
            </label>
            <Input
              id="busca-convidado"
              type="search"
              name="busca"
              defaultValue={search}
              maxLength={100}
              placeholder="Buscar pelo nome"
              className="min-w-0 flex-1 sm:w-64"
            />
            <button type="submit" className={buttonVariants({ variant: "secondary", className: "shrink-0" })}>
              <Search size={16} strokeWidth={2} aria-hidden="true" />
              Buscar
            </button>
          </Form>
        ) : null}
      </div>

      {paidCount === 0 ? (
        <EmptyState
          className="mt-5"
          icon="🎁"
          title="Ainda não chegou nenhuma contribuição"
          description="Assim que um convidado doar, ele aparece aqui. Compartilhe o link da festa!"
        />
      ) : total === 0 ? (
        <div className="mt-5 rounded-xl bg-cream p-4 text-sm" role="status">
          <p className="font-bold text-indigo-800">Nenhum resultado para “{search}”.</p>
          <p className="mt-1 text-muted">
            Confira a grafia ou busque só o primeiro nome. Doações anônimas não aparecem na busca.{" "}
            <Link to="?#convidados" className="font-bold text-indigo-700 underline underline-offset-2">
              Ver todos
            </Link>
          </p>
        </div>
      ) : (
        <>
          {search ? (
            <p className="mt-4 text-sm text-muted" role="status">
              {total === 1 ? "1 resultado" : `${total.toLocaleString("pt-BR")} resultados`} para “{search}” ·{" "}
              <Link to="?#convidados" className="font-bold text-indigo-700 underline underline-offset-2">
                limpar busca
              </Link>
            </p>
          ) : null}
          <GiftList gifts={gifts} className="mt-2" />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={total}
            href={(p) => pageHref(p, search)}
            noun={["contribuição", "contribuições"]}
          />
        </>
      )}

      <div className="mt-6 grid gap-4 border-t border-coral-100 pt-5 md:grid-cols-2">
        <div className="rounded-xl bg-cream p-4">
          <h3 className="font-bold text-indigo-800">Convidados que aceitaram contato</h3>
          <p className="mt-1 text-sm text-ink/90">
            {contacts === 1 ? "1 doação" : `${contacts.toLocaleString("pt-BR")} doações`} de quem marcou “Quero receber notícias desta
            festa” ao doar e concordou em passar nome e e-mail a você. A planilha traz nome, e-mail, data e valor; use só para falar desta
            festa, e respeite quem pedir para sair.
          </p>
          {contacts > 0 && data.csvHref ? (
            <a href={data.csvHref} download className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-3" })}>
              <Download size={16} strokeWidth={2} aria-hidden="true" />
              Baixar planilha (CSV)
            </a>
          ) : null}
        </div>
        <div className="rounded-xl bg-cream p-4">
          <h3 className="font-bold text-indigo-800">{data.ended ? "Agradecer aos convidados" : "Mandar notícias"}</h3>
          <p className="mt-1 text-sm text-ink/90">
            Envie um recado por e-mail a quem pediu notícias, durante a festa e depois dela: uma mensagem a cada 24 horas.
          </p>
          <Link to={data.newsHref} className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-3" })}>
            <Megaphone size={16} strokeWidth={2} aria-hidden="true" />
            Escrever mensagem
          </Link>
        </div>
      </div>
    </section>
  );
}
