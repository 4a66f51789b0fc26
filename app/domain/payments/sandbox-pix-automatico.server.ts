/**
 * The sandbox's Pix Automático (docs/decisions/150-pix.md, "Pix Automático"): the offline twin of a
 * PSP's recurrence (`/rec`) and its monthly charges (`/cobr`). The subscriber's "bank app" is the
 * banco de testes page /sandbox/pix-automatico/:id, which shows the recurrence's real BR Code
 * (pix-utils `createRecurrencePix`) and authorises it, pays or fails a month's charge, or revokes
 * the authorisation. Each choice is a signed event through the sandbox webhook, mapped onto the
 * subscription actions every provider uses: authorised → `updated` (active), charge paid →
 * `invoice_paid`, failed → `invoice_failed`, revoked → `deleted` (with the subscriber's e-mail).
 * The page's address is the signed checkout token: the sandbox keeps no state of its own.
 */
import { createHmac } from "node:crypto";
import { createRecurrencePix, hasError } from "pix-utils";
import { planOf, planOfCheckout } from "~/domain/subscriptions";
import type { SubscriptionRow } from "~/domain/subscriptions/index.server";
import type { SandboxEventQueue } from "./sandbox-delivery.server";
import {
  addOneMonth,
  createSandboxCheckoutId,
  type SandboxCheckout,
  type SandboxSubscriptionData,
  type SandboxSubscriptionEventType,
  sandboxSubscriptionEvent,
} from "./sandbox-subscriptions.server";
import type { PaymentProvider } from "./types";
import type { PixAutomaticoIntent } from "./sandbox-forms";

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The recurrence id in the standard's shape (`RR` + the receiver's ISPB + yyyyMMdd + 11
 * characters), derived from the checkout: authorising the same QR code twice is one recurrence.
 */
export function sandboxRecurrenceId(secret: string, checkout: Pick<SandboxCheckout, "checkoutId" | "issuedAt">) {
  const day = checkout.issuedAt.toISOString().slice(0, 10).replace(/-/g, "");
  const tail = createHmac("sha256", secret).update(`recurrence:${checkout.checkoutId}`).digest("hex").slice(0, 11);
  return `RR00000000${day}${tail}`;
}

/** The QR code a bank app reads to authorise the recurrence (its `urlRec` points at the recurrence's location). */
export function sandboxRecurrenceBrCode(publicUrl: string, idRec: string, receiver: { merchantName: string; merchantCity: string }) {
  const code = createRecurrencePix({
    merchantName: receiver.merchantName.slice(0, 25),
    merchantCity: receiver.merchantCity.slice(0, 15),
    urlRec: `${publicUrl.replace(/^https?:\/\//, "")}/sandbox/rec/${idRec}`,
  });
  if (hasError(code)) throw new Error("sandbox: BR Code de recorrência inválido");
  return code.toBRCode();
}

/** The sandbox's side of the seam: Pix Automático's "checkout" is the banco de testes page. */
export function sandboxPixAutomaticoMethods(options: {
  secret: string;
  publicUrl: string;
}): Required<Pick<PaymentProvider, "createPixAutomaticoCheckout">> {
  return {
    async createPixAutomaticoCheckout(request) {
      const plan = planOfCheckout(request);
      if (!plan || !request.customerId) throw new Error("sandbox: plano ou cliente ausente");
      const checkoutId = createSandboxCheckoutId(options.secret, {
        userId: request.userId,
        customerId: request.customerId,
        planId: plan.id,
        priceId: request.priceId,
      });
      return { checkoutId, url: `${options.publicUrl}/sandbox/pix-automatico/${checkoutId}` };
    },
  };
}

/** A month's charge (`cobr`), keyed by the recurrence and the period it pays for: paying it again is the same charge. */
const sandboxChargeId = (idRec: string, periodEnd: Date) => `cobr_sbx_${idRec}_${unix(periodEnd)}`;

/**
 * One click in the test bank. `row` is our subscription for this recurrence (null until the
 * authorisation's event arrives). Returns an error text when the choice does not fit the state.
 */
export async function deliverPixAutomaticoChoice(
  checkout: SandboxCheckout,
  row: SubscriptionRow | null,
  intent: PixAutomaticoIntent,
  deps: { sandboxEvents: SandboxEventQueue; now: Date; secret: string },
): Promise<string | null> {
  const { now } = deps;
  const idRec = sandboxRecurrenceId(deps.secret, checkout);
  const plan = (row ? planOf(row) : planOfCheckout(checkout))!;
  const send = (type: SandboxSubscriptionEventType, data: SandboxSubscriptionData) =>
    deps.sandboxEvents.deliver(sandboxSubscriptionEvent(type, data, now));
  const base: SandboxSubscriptionData = {
    id: idRec,
    customerId: checkout.customerId,
    userId: checkout.userId,
    priceId: row ? plan.sandboxPriceId : checkout.priceId,
    status: row?.status ?? "active",
    currentPeriodEnd: row?.currentPeriodEnd ? unix(row.currentPeriodEnd) : null,
    cancelAtPeriodEnd: false,
  };
  if (intent === "recusar") return null;
  if (intent === "autorizar") {
    if (row) return "Esta autorização já foi dada.";
    // Authorisation with the first payment at once (the standard's "jornada 3"): active for a month.
    const periodEnd = addOneMonth(now);
    const authorised = { ...base, status: "active" as const, currentPeriodEnd: unix(periodEnd) };
    await send("pix_automatico.rec_aprovada", authorised);
    await send("pix_automatico.cobr_paga", {
      ...authorised,
      invoice: { id: sandboxChargeId(idRec, periodEnd), amountCents: plan.priceCents, periodEnd: unix(periodEnd) },
    });
    return null;
  }
  if (!row || row.status === "canceled" || row.status === "incomplete") return "Esta autorização não está ativa.";
  if (intent === "cancelar-no-banco") {
    await send("pix_automatico.rec_cancelada", { ...base, status: "canceled" });
    return null;
  }
  // The next month's charge: the period after the one already paid (a failed one is retried under the same id).
  const nextEnd = addOneMonth(row.currentPeriodEnd ?? now);
  const invoice = { id: sandboxChargeId(idRec, nextEnd), amountCents: plan.priceCents, periodEnd: unix(nextEnd) };
  await send(intent === "pagar-mes" ? "pix_automatico.cobr_paga" : "pix_automatico.cobr_falhou", { ...base, invoice });
  return null;
}
