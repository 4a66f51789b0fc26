/**
 * The /criar-festa form's schema (the user id is never one of its fields: it comes from the
 * session), parsed by the server and, as a courtesy, in the browser (docs/decisions/111-forms.md).
 */
import * as z from "zod/mini";
import { EVENT_TYPES } from "~/domain/parties/event-types";
import { addCalendarDays, isValidCalendarDate, todayInSaoPaulo } from "~/platform/dates";
import { parseGoal } from "./party-goal";

const MAX_DAYS_AHEAD = 730;

const requiredText = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));
const optionalText = () => z.optional(z.string().check(z.trim()));

/** "1.500,00" → 150000; empty → 0 (no goal); limits in party-goal.ts. */
const goalCents = z.pipe(
  optionalText(),
  z.transform((raw, ctx) => {
    const goal = parseGoal(raw);
    if (goal.ok) return goal.cents;
    ctx.issues.push({ code: "custom", message: goal.message, input: raw });
    return z.NEVER;
  }),
);

const partyMessage = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(1000, "Use no máximo 1.000 caracteres."))),
  // Browsers send a textarea's line breaks as CRLF: kept as plain line breaks.
  z.transform((v) => v?.replace(/\r\n?/g, "\n") || null),
);

/**
 * `today` is the São Paulo calendar date, so "not in the past" means what a Brazilian creator
 * means by it (the page passes the loader's `today`, the server its own).
 */
export function createPartySchema(today: string = todayInSaoPaulo()) {
  return z.object({
    name: requiredText("Informe o nome da festa.").check(z.maxLength(120, "Use no máximo 120 caracteres.")),
    eventType: z.enum(EVENT_TYPES, { error: "Escolha o tipo de evento." }),
    eventDate: requiredText("Informe a data do evento.").check(
      z.refine((d) => d === "" || isValidCalendarDate(d), "Informe uma data válida."),
      z.refine((d) => !isValidCalendarDate(d) || d >= today, "A data do evento não pode estar no passado."),
      z.refine((d) => !isValidCalendarDate(d) || d <= addCalendarDays(today, MAX_DAYS_AHEAD), "Escolha uma data nos próximos 2 anos."),
    ),
    // The institution that receives the gifts; the party's cause is the institution's.
    organizationId: z.pipe(requiredText("Escolha a ONG/Causa."), z.uuid({ error: "Escolha uma ONG/Causa da lista." })),
    goal: goalCents,
    message: partyMessage,
    // The team campaign the party joins (decision 217), from its page's button; the server checks it.
    campaignId: z.pipe(
      optionalText(),
      z.transform((v) => v || null),
    ),
  });
}

export type EditPartyRules = {
  /** São Paulo calendar date the form is read on. */
  today: string;
  /** The party's event date as stored: kept as it is, it is always accepted. */
  currentDate: string;
  /** The party has not ended: its name and date may change (decision 212). */
  nameAndDate: boolean;
};

export const EDIT_PARTY_MESSAGES = {
  name: "Informe o nome da festa.",
  nameTooLong: "Use no máximo 120 caracteres.",
  date: "Informe a data do evento.",
  invalidDate: "Informe uma data válida.",
  pastDate: "A nova data não pode estar no passado.",
  farDate: "Escolha uma data nos próximos 2 anos.",
  ended: "A festa já terminou: o nome e a data não mudam mais.",
} as const;

/**
 * What the host may change on their own party: the reason and the goal (issue 17; the photo comes
 * as a file beside it), and, until the party ends, its name and date (issue 29; the share link
 * never changes). A new date is today or later, within 2 years; the institution and cancelling
 * go through the team. The server decides "ended" again when it saves.
 */
export function editPartySchema(rules: EditPartyRules) {
  return z.pipe(
    z.object({
      goal: goalCents,
      message: partyMessage,
      name: z.optional(z.string().check(z.trim())),
      eventDate: z.optional(z.string().check(z.trim())),
    }),
    z.transform((input, ctx) => {
      const issue = (path: string, message: string) => ctx.issues.push({ code: "custom", message, path: [path], input });
      if (!rules.nameAndDate) return { goal: input.goal, message: input.message, name: undefined, eventDate: undefined };
      const name = (input.name ?? "").replace(/\s+/g, " ");
      const date = input.eventDate ?? "";
      if (!name) issue("name", EDIT_PARTY_MESSAGES.name);
      else if (name.length > 120) issue("name", EDIT_PARTY_MESSAGES.nameTooLong);
      if (!date) issue("eventDate", EDIT_PARTY_MESSAGES.date);
      else if (!isValidCalendarDate(date)) issue("eventDate", EDIT_PARTY_MESSAGES.invalidDate);
      else if (date !== rules.currentDate && date < rules.today) issue("eventDate", EDIT_PARTY_MESSAGES.pastDate);
      else if (date !== rules.currentDate && date > addCalendarDays(rules.today, MAX_DAYS_AHEAD))
        issue("eventDate", EDIT_PARTY_MESSAGES.farDate);
      return { goal: input.goal, message: input.message, name: name as string | undefined, eventDate: date as string | undefined };
    }),
  );
}
export type EditPartyInput = z.output<ReturnType<typeof editPartySchema>>;

export type CreatePartyInput = z.output<ReturnType<typeof createPartySchema>>;

/** Why the server refuses the chosen institution (the list only offers ones that may receive). */
export const PARTY_INSTITUTION_MESSAGES = {
  unavailable: "Esta ONG/Causa não está disponível. Escolha outra da lista.",
  inactive: "Esta instituição não está recebendo doações no momento. Escolha outra da lista.",
  unverified:
    "Esta instituição ainda está em verificação pela nossa equipe e não pode receber festas por enquanto. Escolha outra da lista.",
  campaignMissing: "Esta campanha não existe mais. Crie a festa sem campanha ou abra a página da campanha de novo.",
  campaignClosed: (campaign: string) => `A campanha ${campaign} foi encerrada e não recebe novas festas. Crie a festa sem campanha.`,
  campaignInstitution: (campaign: string) => `A campanha ${campaign} apoia outra instituição: escolha a instituição da campanha.`,
} as const;

/**
 * A party's gifts go to one institution: it must exist, be active and verified, and belong to an
 * active cause. Null when it may receive the party, else the pt-BR message.
 */
export function partyInstitutionRefusal(
  institution: { active: boolean; verifiedAt: Date | string | null; causeActive: boolean } | null,
): string | null {
  if (!institution || !institution.causeActive) return PARTY_INSTITUTION_MESSAGES.unavailable;
  if (!institution.active) return PARTY_INSTITUTION_MESSAGES.inactive;
  if (!institution.verifiedAt) return PARTY_INSTITUTION_MESSAGES.unverified;
  return null;
}
