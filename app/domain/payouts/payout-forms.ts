/**
 * Repasses (a party's payout, an institution's transfer; decisions 124 and 152): the "Marcar como
 * transferido" forms' schemas, checked in the browser and parsed by the tab's action.
 */
import * as z from "zod/mini";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "./proof-rules";
import { formatCalendarDate, isValidCalendarDate } from "~/platform/dates";
import { idField, optionalHttpUrl, optionalText } from "~/platform/forms/fields";

const EARLY_REASON_MIN = 10;

const PAYOUT_MESSAGES = {
  proofRequired: "Informe o link do comprovante ou envie o arquivo.",
  proofUrl: "O link do comprovante deve começar com http:// ou https://.",
  earlyReasonShort: `Descreva o motivo com pelo menos ${EARLY_REASON_MIN} caracteres.`,
} as const;

/** A transfer before the card operator settles needs a reason; `null` when this one will do. */
export function earlyReasonError(reason: string | null, settlementDate: string): string | null {
  if (!reason) {
    return `A operadora só liquida as doações em ${formatCalendarDate(settlementDate)}. Para repassar antes, informe o motivo.`;
  }
  return reason.length < EARLY_REASON_MIN ? PAYOUT_MESSAGES.earlyReasonShort : null;
}

/**
 * A proof file: none (an empty file input posts a nameless empty file) is null. Its size is checked
 * here, in the browser before sending too; its type is checked by content on the server.
 */
const proofFile = z.pipe(
  z.optional(z.unknown()),
  z.transform((v, ctx) => {
    if (typeof File === "undefined" || !(v instanceof File) || v.size === 0) return null;
    if (v.size <= MAX_PROOF_BYTES) return v;
    ctx.issues.push({ code: "custom", message: PROOF_MESSAGES.tooLarge, input: v.name });
    return z.NEVER;
  }),
);

/**
 * Repasses, "Marcar como transferido": a link or a file as the proof. `settlementDate` is given when
 * the transfer comes before the card operator settles: then the reason is required. The action
 * parses without it, finds the party's settlement date, and refuses with `earlyReasonError`.
 */
export function payoutTransferSchema(options: { settlementDate?: string } = {}) {
  const { settlementDate } = options;
  return z
    .object({
      partyId: idField,
      proofUrl: optionalHttpUrl(PAYOUT_MESSAGES.proofUrl),
      proofFile,
      earlyReason: settlementDate
        ? z.pipe(
            optionalText(500),
            z.transform((v, ctx) => {
              const message = earlyReasonError(v, settlementDate);
              if (!message) return v;
              ctx.issues.push({ code: "custom", message, input: v });
              return z.NEVER;
            }),
          )
        : optionalText(500),
    })
    .check(z.refine((v) => v.proofUrl !== null || v.proofFile !== null, { message: PAYOUT_MESSAGES.proofRequired, path: ["proofUrl"] }));
}

/** "YYYY-MM-DD:centavos": the batch the admin chose (paid out up to that day) and the net the page showed for it. */
const institutionBatch = z.pipe(
  z.string({ error: "Escolha o que repassar." }),
  z.transform((v, ctx) => {
    const match = /^(\d{4}-\d{2}-\d{2}):(\d{1,12})$/.exec(v);
    if (match && isValidCalendarDate(match[1]!)) return { cutoff: match[1]!, netCents: Number(match[2]) };
    ctx.issues.push({ code: "custom", message: "Escolha o que repassar.", input: v });
    return z.NEVER;
  }),
);

/**
 * Repasses às instituições (decision 152), "Marcar como transferido": the batch (up to which
 * settlement day, and its net as shown), the form's idempotency key, a link or a file as the proof,
 * and the reason when the batch includes money the card operator has not settled yet (the action
 * decides that with its own date, and refuses with `earlyReasonError`).
 */
export const institutionPayoutTransferSchema = z
  .object({
    organizationId: idField,
    batch: institutionBatch,
    idempotencyKey: z.uuid({ error: "Formulário inválido: recarregue a página." }),
    proofUrl: optionalHttpUrl(PAYOUT_MESSAGES.proofUrl),
    proofFile,
    earlyReason: optionalText(500),
  })
  .check(z.refine((v) => v.proofUrl !== null || v.proofFile !== null, { message: PAYOUT_MESSAGES.proofRequired, path: ["proofUrl"] }));
