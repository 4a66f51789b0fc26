import { z } from "zod";
import type { Route } from "./+types/dev.emails.$id";
import { getOutboxEmail, readableEmail } from "~/platform/mail/outbox.server";
import { requireDevMailboxAccess } from "~/domain/accounts/dev-mailbox-access.server";

/** One outbox e-mail as its HTML part, the way a mail client shows it (links clickable). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireDevMailboxAccess(request, context);
  const id = z.uuid().safeParse(params.id);
  const email = id.success ? await getOutboxEmail(id.data) : undefined;
  if (!email) throw new Response("E-mail não encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(readableEmail(email).html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
