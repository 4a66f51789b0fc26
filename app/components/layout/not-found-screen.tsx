import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/** Where a lost visitor most likely meant to go. */
const NOT_FOUND_LINKS = [
  { to: "/eventos", label: "Ver as festas solidárias" },
  { to: "/criar-festa", label: "Criar uma festa solidária" },
  { to: "/doar", label: "Fazer uma doação" },
  { to: "/como-funciona", label: "Como funciona" },
  { to: "/contato", label: "Fale conosco" },
] as const;

/**
 * The 404 screen of an address nobody serves (the catch-all route). Most lost visitors look for a
 * party whose link they mistyped, so the search for one comes first. Its own module, not the
 * root's: every page would otherwise carry the search form's code (the party page's JS budget).
 */
export function NotFoundScreen() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-coral-600">
        404
      </p>
      <h1 className="mt-4 text-3xl">Página não encontrada</h1>
      <p className="mt-3 text-muted">A página que você procura não existe ou mudou de endereço.</p>
      <Form
        method="get"
        action="/eventos"
        role="search"
        aria-label="Buscar uma festa"
        className="mt-8 flex w-full flex-col gap-3 text-left sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <Label htmlFor="busca-404">Procurando uma festa? Busque pelo nome</Label>
          <Input id="busca-404" name="nome" type="search" maxLength={100} placeholder="Ex.: Mariana" />
        </div>
        <button type="submit" className={buttonVariants()}>
          <Search size={18} strokeWidth={2} aria-hidden="true" />
          Buscar
        </button>
      </Form>
      <nav aria-label="Páginas úteis" className="mt-8 w-full">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 font-bold">
          {NOT_FOUND_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-indigo-700 underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
        Voltar ao início
      </Link>
    </section>
  );
}
