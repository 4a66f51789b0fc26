import type { Route } from "./+types/painel.eventos";
import { getOptionalUser } from "~/domain/accounts/guards.server";
import { eventStreamResponse, hostDonationsSubscriber, ownerDonationStream } from "~/domain/parties/owner-event-stream.server";
import { listCohostedPartyIds } from "~/domain/parties/party-hosts.server";
import { liveStreams } from "~/platform/http/live-streams.server";

/**
 * /painel's live updates (server-sent events). Only the gifts of the signed-in creator's own parties
 * and of the parties they co-host (decision 217; a revoked co-host's stream ends) travel here;
 * a visitor without a session gets 401 and the browser's EventSource stops. A visitor holding too
 * many streams on this process (limits.server.ts) gets 429.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user)
    return new Response("Faça login para acompanhar suas festas.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const slot = liveStreams.acquire({ userId: user.id, ip: context?.clientIp ?? "" });
  if (!slot) {
    return new Response("Há conexões ao vivo demais abertas. Feche outras abas do painel e recarregue a página.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
    });
  }
  // A fresh request each time (getOptionalUser is memoised per request): the session row is read
  // again, so a logout or a password reset elsewhere ends this stream at its next event.
  const cookie = request.headers.get("Cookie") ?? "";
  const cohosted = await listCohostedPartyIds(user.id);
  const stillCohosts = async () => {
    if (cohosted.length === 0) return true;
    const now = new Set(await listCohostedPartyIds(user.id));
    return cohosted.every((id) => now.has(id));
  };
  const stillAllowed = async () =>
    (await getOptionalUser(new Request(request.url, { headers: { Cookie: cookie } })))?.id === user.id && (await stillCohosts());
  const subscribe = hostDonationsSubscriber(cohosted);
  return eventStreamResponse(ownerDonationStream(user.id, request.signal, { slot, stillAllowed, subscribe }));
}
