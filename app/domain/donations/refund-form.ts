/**
 * The admin's "Reembolsar" form and "Cancelar festa e reembolsar" (docs/decisions/151-refunds.md),
 * one schema for the browser and the server (decision 111). Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { formatCents, parseReaisToCents } from "~/platform/money";
import { REFUND_REASON_MAX } from "./refund-status";

export const REFUND_MESSAGES = {
  amount: "Informe o valor a reembolsar, como 25,00.",
  reason: "Informe o motivo do reembolso.",
  reasonShort: "Descreva o motivo com pelo menos 5 caracteres.",
  confirm: "Confirme o reembolso.",
  nothingLeft: "Esta doação não tem mais valor a reembolsar.",
  notPaid: "Só doações pagas podem ser reembolsadas.",
  noPayment: "O provedor não informou o pagamento desta doação; reembolse pelo painel do provedor.",
  cancelConfirm: "Confirme o cancelamento da festa.",
} as const;

export const tooMuch = (maxCents: number) => `O máximo que ainda pode ser reembolsado é ${formatCents(maxCents)}.`;

const reason = z.string({ error: REFUND_MESSAGES.reason }).check(
  z.trim(),
  z.minLength(1, REFUND_MESSAGES.reason),
  z.refine((v) => v.length === 0 || v.length >= 5, REFUND_MESSAGES.reasonShort),
  z.maxLength(REFUND_REASON_MAX, `Use no máximo ${REFUND_REASON_MAX} caracteres.`),
);

const confirmed = z.literal("sim", { error: REFUND_MESSAGES.confirm });

/**
 * Doações, "Reembolsar": the amount in reais (the form offers what remains), the reason, and a
 * confirmation. `maxCents` (what remains of the gift) is known to the row's form in the browser;
 * the server parses without it and refuses with `tooMuch` once it has locked the gift.
 */
export function refundSchema(options: { maxCents?: number } = {}) {
  return z.object({
    donationId: z.uuid({ error: "Registro inválido." }),
    amount: z.pipe(
      z.string({ error: REFUND_MESSAGES.amount }),
      z.transform((v, ctx) => {
        const cents = parseReaisToCents(v);
        const message =
          cents === null || cents <= 0
            ? REFUND_MESSAGES.amount
            : options.maxCents !== undefined && cents > options.maxCents
              ? tooMuch(options.maxCents)
              : null;
        if (!message) return cents!;
        ctx.issues.push({ code: "custom", message, input: v });
        return z.NEVER;
      }),
    ),
    reason,
    confirmed,
  });
}

/** Festas, "Cancelar festa e reembolsar todas as doações": the reason goes to every refund. */
export const cancelPartySchema = z.object({
  partyId: z.uuid({ error: "Registro inválido." }),
  reason,
  confirmed: z.literal("sim", { error: REFUND_MESSAGES.cancelConfirm }),
});
