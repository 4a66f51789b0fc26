/** The sponsor's "Pagar" on /patrocinio/pagar (decision 220): the signed link and Pix or card. Browser-safe, `zod/mini`. */
import * as z from "zod/mini";
import { text } from "~/platform/forms/fields";

const SETTLEMENT_FORM_MESSAGES = { link: "Link inválido.", method: "Escolha Pix ou cartão." } as const;

export const settlementFormSchema = z.object({
  t: text(SETTLEMENT_FORM_MESSAGES.link, 2000),
  metodo: z.enum(["pix", "card"], { error: SETTLEMENT_FORM_MESSAGES.method }),
});
