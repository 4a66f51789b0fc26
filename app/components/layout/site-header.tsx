import { Menu, X } from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useEffect, useRef } from "react";
import { useRootData } from "~/components/layout/root-data";
import { cn } from "~/platform/ui/cn";
import { Logo } from "./logo";
import { firstNameOf, UserAvatar } from "./user-avatar";

const NAV = [
  { to: "/como-funciona", label: "Como Funciona" },
  { to: "/causas", label: "Causas" },
  { to: "/eventos", label: "Eventos" },
  { to: "/historias", label: "Histórias" },
  { to: "/transparencia", label: "Transparência" },
  { to: "/faq", label: "FAQ" },
  { to: "/contato", label: "Contato" },
];

export function SiteHeader() {
  const root = useRootData();
  const user = root?.user ?? null;
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  // Esc closes the open menu and gives the focus back to its button, as a dialog would.
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      const details = menu.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, []);

  const links = (
    <>
      {NAV.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) =>
            cn(
              "rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap hover:bg-coral-50 hover:text-coral-700 xl:px-2",
              isActive ? "text-coral-700" : "text-ink",
            )
          }
        >
          {item.label}
        </NavLink>
      ))}
      {user?.isAdmin ? (
        <NavLink
          to="/admin"
          className="rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-indigo-700 hover:bg-indigo-50 xl:px-2"
        >
          Admin
        </NavLink>
      ) : null}
    </>
  );

  const actions = (
    <>
      {user ? (
        <>
          <Link
            to="/painel"
            aria-label={`Painel de ${firstNameOf(user.name)}`}
            title={user.name}
            className="inline-flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold whitespace-nowrap text-indigo-700 hover:bg-indigo-50"
          >
            <UserAvatar name={user.name} image={user.image} size={30} />
            Painel
          </Link>
          {/* The wide bar is full: "Conta" on screen, "Minha conta" for screen readers. No icon: every
              page downloads the header, and the public pages' JavaScript budget has no room left. */}
          <Link
            to="/conta"
            aria-label="Minha conta"
            className="rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-indigo-700 hover:bg-indigo-50 xl:px-2"
          >
            Conta
          </Link>
          <Form method="post" action="/auth?intent=logout">
            <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-muted hover:bg-sand xl:px-2">
              Sair
            </button>
          </Form>
        </>
      ) : (
        <Link
          to="/auth"
          className="rounded-full border-2 border-indigo-700 px-4 py-1.5 text-sm font-bold whitespace-nowrap text-indigo-700 hover:bg-indigo-50"
        >
          Entrar
        </Link>
      )}
      <Link
        to="/assine-o-bem"
        className="rounded-lg px-3 py-2 text-sm font-bold whitespace-nowrap text-indigo-700 hover:bg-indigo-50 xl:px-2"
      >
        Assine o Bem
      </Link>
      <Link
        to="/criar-festa"
        className="rounded-full bg-coral-600 px-4 py-2 text-sm font-bold whitespace-nowrap text-white shadow-soft hover:bg-coral-700"
      >
        Criar Festa
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-coral-100 bg-cream/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Link to="/" aria-label="Festa Solidária — início" className="shrink-0">
          <Logo />
        </Link>
        <nav aria-label="Principal" className="hidden items-center xl:flex">
          {links}
        </nav>
        <div className="hidden items-center gap-1 xl:flex">{actions}</div>
        <details ref={menu} className="group xl:hidden">
          <summary
            className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full text-indigo-800 hover:bg-coral-50 [&::-webkit-details-marker]:hidden"
            aria-label="Abrir menu"
          >
            <Menu className="group-open:hidden" aria-hidden="true" />
            <X className="hidden group-open:block" aria-hidden="true" />
          </summary>
          <div className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-coral-100 bg-cream px-4 pb-6 shadow-soft">
            <nav aria-label="Principal (celular)" className="flex flex-col py-2">
              {links}
            </nav>
            {user ? (
              <p className="border-t border-coral-100 pt-4 text-sm text-muted">
                Olá, <span className="font-bold text-ink">{firstNameOf(user.name)}</span>!
              </p>
            ) : null}
            <div className={cn("flex flex-wrap items-center gap-2 pt-4", !user && "border-t border-coral-100")}>{actions}</div>
          </div>
        </details>
      </div>
    </header>
  );
}
