import { z } from "zod";
import type { Route } from "./+types/dev.emails.$id";
import { getConfig } from "~/config.server";
import { getOutboxEmail } from "~/models/outbox.server";

/** One outbox e-mail as its HTML part, the way a mail client shows it (links clickable). */
export async function loader({ params }: Route.LoaderArgs) {
  if (getConfig().isProduction) throw new Response("Not Found", { status: 404 });
  const id = z.uuid().safeParse(params.id);
  const email = id.success ? await getOutboxEmail(id.data) : undefined;
  if (!email) throw new Response("E-mail não encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(email.html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
