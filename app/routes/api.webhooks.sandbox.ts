import { handleWebhook } from "~/domain/donations/webhook.server";
import type { Route } from "./+types/api.webhooks.sandbox";

/** The sandbox provider's signed events: same processing as Stripe's. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleWebhook("sandbox", request, context);
}

export function loader() {
  return Response.json({ error: "método não permitido" }, { status: 405, headers: { Allow: "POST" } });
}
