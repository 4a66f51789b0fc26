import { randomUUID } from "node:crypto";
import type { Route } from "./+types/festa.$id.eventos";
import { parseFestaParam } from "~/domain/parties/festa-param";
import { liveStreamPartyId, partyGiftStream } from "~/domain/parties/party-event-stream.server";
import { clientIpFromContext } from "~/platform/http/client-ip.server";
import { eventStreamResponse } from "~/platform/http/event-stream.server";
import { liveStreams } from "~/platform/http/live-streams.server";

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });

/**
 * A party page's live updates for its guests (server-sent events): public, like the page, and
 * carrying only what the page shows (party-event-stream.server.ts). Only a live party has one; the
 * guests of one address share that address's cap (limits.server.ts), answered 429 past it.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const key = parseFestaParam(params.id?.toLowerCase());
  const partyId = key ? await liveStreamPartyId(key) : null;
  if (!partyId) return text("Festa não encontrada.", 404);
  // Guests have no account: each stream counts only against its address's share.
  const slot = liveStreams.acquire({ userId: `guest:${randomUUID()}`, ip: clientIpFromContext(context) });
  if (!slot)
    return text("Há conexões ao vivo demais abertas a partir deste endereço. Tente novamente em instantes.", 429, { "Retry-After": "30" });
  return eventStreamResponse(partyGiftStream(partyId, request.signal, { slot }));
}
