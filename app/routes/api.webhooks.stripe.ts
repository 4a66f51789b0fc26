import { handleWebhook } from "~/lib/payments/webhook.server";
import type { Route } from "./+types/api.webhooks.stripe";

/** Stripe's signed events (raw body: the signature covers the exact bytes). */
export async function action({ request }: Route.ActionArgs) {
  return handleWebhook("stripe", request);
}

export function loader() {
  return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
}
