import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

export function ErrorScreen({ title, message, retry }: { title: string; message: string; retry?: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="text-6xl">
        🎈
      </span>
      <h1 className="mt-4 text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {retry ? (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-coral-600 px-5 py-2.5 font-bold text-white hover:bg-coral-700"
          >
            Tentar Novamente
          </button>
        ) : null}
        <Link to="/" className="rounded-full border-2 border-indigo-700 px-5 py-2 font-bold text-indigo-700 hover:bg-indigo-50">
          Voltar ao Início
        </Link>
      </div>
    </section>
  );
}

/** Where a lost visitor most likely meant to go. */
const NOT_FOUND_LINKS = [
  { to: "/eventos", label: "Ver as festas solidárias" },
  { to: "/criar-festa", label: "Criar uma festa solidária" },
  { to: "/doar", label: "Fazer uma doação" },
  { to: "/como-funciona", label: "Como funciona" },
  { to: "/contato", label: "Fale conosco" },
] as const;

/**
 * The one 404 screen: the catch-all route and the root error boundary both draw this. Most lost
 * visitors look for a party whose link they mistyped, so the search for one comes first.
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
