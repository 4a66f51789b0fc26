import { handleWebhook } from "~/domain/donations/webhook.server";
import type { Route } from "./+types/api.webhooks.stripe";

/** Stripe's signed events (raw body: the signature covers the exact bytes). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleWebhook("stripe", request, context);
}

export function loader() {
  return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
}
