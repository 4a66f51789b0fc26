import { lazy, Suspense, useEffect, useState } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import nunitoLatin from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import appCss from "./app.css?url";
import { ErrorScreen } from "~/components/layout/error-screen";
import { SiteShell } from "~/components/layout/site-shell";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { feeSentence } from "~/domain/donations/fee";
import { useNonce } from "~/platform/ui/nonce";
import { whenToastRequested } from "~/platform/ui/toast";
import { publicConfig } from "~/platform/public-config.server";
import { readToast } from "~/platform/http/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toast, headers }] = await Promise.all([getOptionalUser(request), readToast(request)]);
  // The page the toast was delivered to: it is shown there only, never on a later page.
  const flash = toast ? { ...toast, path: new URL(request.url).pathname } : null;
  // The fee sentence (footer, party page) written here: those pages' scripts carry the text, not fee.ts.
  const config = { ...publicConfig(context.config), feeSentence: feeSentence(context.config.PLATFORM_FEE_PERCENT) };
  return data({ user, toast: flash, config }, { headers });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

// The stylesheet and the Latin font (all pt-BR text) go first, ahead of the scripts' preloads:
// the first paint waits for the CSS, and a late font would shift the text when it swaps in.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: nunitoLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c9361f" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

const ToastCenter = lazy(() => import("~/components/layout/toast-center"));

export default function App({ loaderData }: Route.ComponentProps) {
  // The toaster (sonner, ~10 KB gzip) loads when the first toast is asked for, after hydration.
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => whenToastRequested(() => setToasterWanted(true)), []);
  useEffect(() => {
    if (loaderData.toast) setToasterWanted(true);
  }, [loaderData.toast]);
  return (
    <SiteShell>
      <Outlet />
      {toasterWanted ? (
        <Suspense fallback={null}>
          <ToastCenter flash={loaderData.toast} />
        </Suspense>
      ) : null}
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <SiteShell>
      {/* A 404 a loader threw (a party or page that is gone) says so; an unknown address gets the
          catch-all route's screen, with its search (not-found-screen.tsx). */}
      <ErrorScreen
        title={notFound ? "Página não encontrada" : unavailable ? "Voltamos já" : "Algo deu errado"}
        message={
          notFound
            ? undefined
            : "Não conseguimos carregar esta página agora. Nenhuma informação foi perdida — tente novamente em instantes."
        }
        retry={!notFound}
      />
    </SiteShell>
  );
}
