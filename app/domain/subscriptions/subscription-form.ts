/**
 * The Assine o Bem page's buttons (docs/decisions/111-forms.md): "Assinar <plano>" posts
 * `intent=assinar` and the plan's id, "Gerenciar Assinatura" posts `intent=gerenciar`. Only a plan
 * id is read: a price, amount or customer in the form is dropped here. The page checks nothing in
 * the browser (they are buttons), so only the action imports this.
 */
import * as z from "zod/mini";
import { PLAN_IDS, SUBSCRIPTION_PLAN_IDS } from "./plan-ids";
import { parseReaisToCents } from "~/platform/money";

/** How Assine o Bem is paid: Pix Automático (issue 15, item 4) or card (Stripe, or the sandbox's checkout). */
const SUBSCRIPTION_METHODS = ["pix-automatico", "cartao"] as const;
export type SubscriptionMethod = (typeof SUBSCRIPTION_METHODS)[number];

export const subscriptionFormSchema = z.union([
  z.object({ intent: z.literal("gerenciar") }),
  z.object({
    // A post without an intent is a plan button, as it always was.
    intent: z._default(z.literal("assinar"), "assinar"),
    plano: z.enum(SUBSCRIPTION_PLAN_IDS, { error: "Plano inválido. Escolha um dos planos desta página." }),
    // Pix Automático or card (the default); shown only where a Pix Automático provider is on.
    metodo: z.catch(z.optional(z.enum(SUBSCRIPTION_METHODS)), undefined),
    // "Outro valor" (plano=personalizado): reais as typed, kept to show back; centavos checked by the service.
    valor: z.optional(z.string().check(z.maxLength(20))),
    // From "Que tal todo mês?" after a paid gift: its sealed reference, checked by the server (decision 213).
    convite: z.catch(z.optional(z.string().check(z.maxLength(2000))), undefined),
  }),
]);

/** "Outro valor" as typed ("45", "45,50", "R$ 1.200") in centavos, or null when it is not an amount. */
export function customAmountFromInput(value: string | null | undefined): number | null {
  return value ? parseReaisToCents(value) : null;
}

/** /assinatura/gerenciar (the plan-management link): the signed token and one choice. */
export const planLinkFormSchema = z.union([
  z.object({ token: z.string().check(z.minLength(1), z.maxLength(2000)), intent: z.enum(["cancelar", "reativar", "pagamento"]) }),
  z.object({
    token: z.string().check(z.minLength(1), z.maxLength(2000)),
    intent: z.literal("mudar"),
    plano: z.enum(PLAN_IDS, { error: "Escolha um dos planos." }),
  }),
]);

/**
 * /assine-o-bem/pix-automatico (a PSP's Pix Automático): "Gerar QR Code" posts the plan and the
 * payer's CPF (the standard's recurrence names its payer; only digits are kept), and "Já autorizei"
 * re-reads the recurrence at the PSP.
 */
export const pixAutomaticoFormSchema = z.union([
  z.object({
    intent: z.literal("criar"),
    plano: z.enum(PLAN_IDS, { error: "Plano inválido. Escolha um dos planos." }),
    cpf: z.pipe(
      z.string().check(z.maxLength(20)),
      z.transform((v) => v.replace(/\D/g, "")),
    ),
  }),
  z.object({ intent: z.literal("ja-autorizei") }),
]);
