/**
 * The Causas tab's form (docs/decisions/111-forms.md): the admin action parses the post with it, and
 * the tab's form checks the same schema in the browser. Browser-safe, written with `zod/mini`.
 */
import * as z from "zod/mini";
import { atLeast, optionalChoice, text } from "~/platform/forms/fields";
import { CAUSE_ICONS } from "./cause-icons";

export const CAUSE_MESSAGES = {
  nameShort: "O nome da causa precisa ter pelo menos 3 caracteres.",
  nameTaken: "Já existe uma causa com este nome.",
  icon: "Escolha um ícone da lista.",
} as const;

/** Causas: the name is unique among causes (checked by the action, ignoring case and accents). */
export const causeSchema = z.object({
  name: text("Informe o nome da causa.", 80).check(atLeast(3, CAUSE_MESSAGES.nameShort)),
  description: text("Informe a descrição da causa.", 1000),
  icon: optionalChoice(z.enum(CAUSE_ICONS, { error: CAUSE_MESSAGES.icon })),
});
