import { verifyPixPageRef } from "~/domain/donations/pix-checkout.server";
import { pixPaidStream } from "~/domain/donations/pix-live.server";
import { liveStreams } from "~/platform/http/live-streams.server";
import type { Route } from "./+types/doar.pix.$ref.eventos";

/**
 * The Pix page's live confirmation (server-sent events). Only someone holding the page's signed
 * reference can listen, and all they hear is "paga". A visitor holding too many streams gets 429
 * and the page falls back to polling.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const donationId = verifyPixPageRef(params.ref, context.config.APP_SECRET);
  if (!donationId) return new Response("Não encontrado.", { status: 404 });
  const slot = liveStreams.acquire({ userId: `pix:${donationId}`, ip: context?.clientIp ?? "" });
  if (!slot) return new Response("Conexões ao vivo demais.", { status: 429, headers: { "Retry-After": "30" } });
  return new Response(pixPaidStream(donationId, request.signal, { slot }), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
