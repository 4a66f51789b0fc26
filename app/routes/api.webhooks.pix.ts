import { handleWebhook } from "~/domain/donations/webhook.server";
import type { Route } from "./+types/api.webhooks.pix";

/**
 * The PSP's Pix webhook (API Pix: `{ "pix": [...] }`), authenticated by the secret token in the
 * URL we registered (docs/decisions/150-pix.md); 401 without it. Same processing as the card
 * providers' events. Also answers at …/pix/pix, where Efí posts when the registered URL has no `ignorar=`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleWebhook("pix", request, context);
}

export function loader() {
  return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
}
