import { data } from "react-router";
import type { Route } from "./+types/privacidade.exportar.$formato";
import { personalDataDownload } from "~/domain/accounts/personal-data.server";
import { linkToken } from "~/platform/http/link-token.server";
import { collectEmailData, readPrivacyLink } from "~/domain/accounts/privacy-request.server";

/** The data tied to an address proved by its signed link, as a download; a bad or old link gets nothing. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const format = params.formato;
  if (format !== "json" && format !== "csv") throw data(null, { status: 404 });
  const now = context.clock.now();
  const link = readPrivacyLink(linkToken(request), now);
  if (!link.ok) {
    const text = link.error === "expired" ? "Link expirado: peça um novo em /privacidade/solicitar." : "Link inválido.";
    return new Response(text, { status: link.error === "expired" ? 410 : 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return personalDataDownload(await collectEmailData(link.email, now), format, now);
}
