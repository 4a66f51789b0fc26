import { useMatches, useRouteLoaderData } from "react-router";
import { DemoBanner } from "./demo-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsAppButton } from "./whatsapp-button";

/** A route exports `handle = { bare: true }` to render without the site's header and footer. */
type ShellHandle = { bare?: boolean };

export function SiteShell({ children }: { children: React.ReactNode }) {
  const bare = useMatches().some((m) => (m.handle as ShellHandle | undefined)?.bare);
  const demo = (useRouteLoaderData("root") as { config?: { demoBanner?: boolean } } | undefined)?.config?.demoBanner === true;
  // The sandbox's hosted payment page stands apart from the site, like a provider's would.
  if (bare)
    return (
      <main id="conteudo" className="min-h-screen">
        {children}
      </main>
    );
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      {demo ? <DemoBanner /> : null}
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  );
}
