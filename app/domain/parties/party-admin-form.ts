/**
 * Festas tab forms (docs/decisions/111-forms.md): the action parses the post with these schemas,
 * and the tab's forms check the same ones in the browser. Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { atLeast, idField, optionalText, text } from "~/platform/forms/fields";
import { isValidCalendarDate } from "~/platform/dates";
import { EVENT_TYPES } from "./event-types";
import { parseGoal } from "./party-goal";

/**
 * Festas: the admin's edit covers every field the creator filled in (/criar-festa), with no "not in
 * the past" rule: an admin may fix an old party.
 */
export const partyUpdateSchema = z.object({
  id: idField,
  name: text("Informe o nome da festa.", 120),
  eventType: z.enum(EVENT_TYPES, { error: "Escolha o tipo de evento." }),
  eventDate: text("Informe a data do evento.").check(z.refine((d) => d === "" || isValidCalendarDate(d), "Informe uma data válida.")),
  goal: z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((raw, ctx) => {
      const goal = parseGoal(raw);
      if (goal.ok) return goal.cents;
      ctx.issues.push({ code: "custom", message: goal.message, input: raw });
      return z.NEVER;
    }),
  ),
  message: optionalText(1000),
});

const PARTY_MOVE_MESSAGES = {
  organization: "Escolha a nova instituição.",
  reason: "Escreva o motivo da mudança (ele vai no e-mail ao criador e às instituições).",
  reasonShort: "Explique o motivo em pelo menos 10 caracteres.",
  confirm: "Confirme que as doações já pagas continuam com a instituição atual.",
} as const;

/** Festas → "Mudar de instituição" (decision 165): the new institution, a reason and a confirmation. */
export const partyMoveSchema = z.object({
  id: idField,
  organizationId: z.uuid({ error: PARTY_MOVE_MESSAGES.organization }),
  reason: text(PARTY_MOVE_MESSAGES.reason, 500).check(atLeast(10, PARTY_MOVE_MESSAGES.reasonShort)),
  confirmed: z.literal("sim", { error: PARTY_MOVE_MESSAGES.confirm }),
});
