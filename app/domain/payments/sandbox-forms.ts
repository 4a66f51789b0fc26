/**
 * The sandbox's hosted pages post buttons only (docs/decisions/111-forms.md): the gift and
 * subscription checkouts an outcome, the subscription portal a choice and, to change plans, the
 * plan's id. Parsed by the routes' actions; the pages check nothing in the browser.
 */
import * as z from "zod/mini";
import { PLAN_IDS } from "~/domain/subscriptions";

/** Pagar, Recusar, Cancelar: the test card's outcome buttons (components/payments/sandbox-checkout). */
const SANDBOX_OUTCOMES = ["pagar", "recusar", "cancelar"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const sandboxOutcomeSchema = z.object({ intent: z.enum(SANDBOX_OUTCOMES) });

export const PORTAL_INTENTS = ["mudar", "cancelar-fim", "cancelar-agora", "reativar", "renovar", "falhar", "regularizar"] as const;
export type PortalIntent = (typeof PORTAL_INTENTS)[number];

/** An unknown plan is no plan: `deliverPortalChoice` then answers "Escolha um plano diferente do atual." */
export const sandboxPortalSchema = z.object({
  intent: z.enum(PORTAL_INTENTS),
  plano: z.catch(z.optional(z.enum(PLAN_IDS)), undefined),
});

/** The Pix Automático test bank (/sandbox/pix-automatico/:id): authorise, refuse, pay or fail a month, revoke. */
const PIX_AUTOMATICO_INTENTS = ["autorizar", "recusar", "pagar-mes", "falhar-mes", "cancelar-no-banco"] as const;
export type PixAutomaticoIntent = (typeof PIX_AUTOMATICO_INTENTS)[number];
export const sandboxPixAutomaticoSchema = z.object({ intent: z.enum(PIX_AUTOMATICO_INTENTS) });
