import { data, Link } from "react-router";
import type { Route } from "./+types/$";
import { logger } from "~/lib/logger.server";

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada — Festa Solidária" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  logger.warn({ url: new URL(request.url).pathname }, "404 page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-coral-600">404</p>
      <h1 className="mt-4 text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted">A página que você procura não existe ou mudou de endereço.</p>
      <Link to="/" className="mt-8 rounded-full bg-coral-600 px-6 py-3 font-bold text-white hover:bg-coral-700">
        Voltar ao início
      </Link>
    </section>
  );
}
