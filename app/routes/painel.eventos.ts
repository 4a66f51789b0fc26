import type { Route } from "./+types/painel.eventos";
import { getOptionalUser } from "~/lib/auth.server";
import { eventStreamResponse, ownerDonationStream } from "~/lib/owner-event-stream.server";

/**
 * /painel's live updates (server-sent events). Only the signed-in creator's own gifts travel here;
 * a visitor without a session gets 401 and the browser's EventSource stops.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) return new Response("Faça login para acompanhar suas festas.", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return eventStreamResponse(ownerDonationStream(user.id, request.signal));
}
