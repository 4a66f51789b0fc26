/**
 * The Pix page's buttons (docs/decisions/111-forms.md: button-only forms are parsed in the action
 * only): "Já paguei" re-reads the payment, "Gerar novo código" replaces an expired code. The
 * sandbox's bank page: pay (an amount, by default the charge's), pay after the expiry, let it expire.
 */
import * as z from "zod/mini";

export const pixPageSchema = z.object({ intent: z.enum(["ja-paguei", "novo-codigo"]) });

const SANDBOX_PIX_INTENTS = ["pagar", "pagar-atrasado", "expirar"] as const;
export const sandboxPixSchema = z.object({
  intent: z.enum(SANDBOX_PIX_INTENTS),
  valor: z._default(z.string().check(z.maxLength(20)), ""),
});
