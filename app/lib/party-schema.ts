import { z } from "zod";
import { EVENT_TYPES } from "~/db/schema";
import { addCalendarDays, isValidCalendarDate, todayInSaoPaulo } from "./dates";
import { parseReaisToCents } from "./money";

/** Field names of the /criar-festa form (the user id is never one of them: it comes from the session). */
export const PARTY_FIELDS = ["name", "eventType", "eventDate", "causeId", "goal", "message"] as const;

const MAX_GOAL_CENTS = 100_000_000; // R$ 1.000.000,00
const MAX_DAYS_AHEAD = 730;

const requiredText = (message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: message }).min(1, message));

/**
 * The server's reading of the create-party form. `today` is the São Paulo calendar date, so "not in
 * the past" means what a Brazilian creator means by it.
 */
export function createPartySchema(today: string = todayInSaoPaulo()) {
  return z.object({
    name: requiredText("Informe o nome da festa.").pipe(z.string().max(120, "Use no máximo 120 caracteres.")),
    eventType: z.enum(EVENT_TYPES, { error: "Escolha o tipo de evento." }),
    eventDate: requiredText("Informe a data do evento.")
      .refine(isValidCalendarDate, "Informe uma data válida.")
      .refine((d) => !isValidCalendarDate(d) || d >= today, "A data do evento não pode estar no passado.")
      .refine(
        (d) => !isValidCalendarDate(d) || d <= addCalendarDays(today, MAX_DAYS_AHEAD),
        "Escolha uma data nos próximos 2 anos.",
      ),
    causeId: requiredText("Escolha a ONG/Causa.").pipe(z.uuid({ error: "Escolha uma ONG/Causa da lista." })),
    goal: z
      .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional())
      .transform((raw, ctx) => {
        if (!raw) return 0;
        if (/^-/.test(raw)) {
          ctx.addIssue({ code: "custom", message: "A meta não pode ser negativa." });
          return z.NEVER;
        }
        const cents = parseReaisToCents(raw);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: "Informe a meta em reais, por exemplo 1.500,00." });
          return z.NEVER;
        }
        if (cents > MAX_GOAL_CENTS) {
          ctx.addIssue({ code: "custom", message: "A meta pode ser de no máximo R$ 1.000.000,00." });
          return z.NEVER;
        }
        return cents;
      }),
    message: z
      .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(1000, "Use no máximo 1.000 caracteres.").optional())
      .transform((v) => v || null),
  });
}

export type CreatePartyInput = z.output<ReturnType<typeof createPartySchema>>;
export type PartyFieldErrors = Partial<Record<(typeof PARTY_FIELDS)[number], string>>;

/** Parses the posted form; errors come back as one pt-BR message per field. */
export function parseCreatePartyForm(form: FormData, today?: string) {
  const raw = Object.fromEntries(PARTY_FIELDS.map((f) => [f, form.get(f) ?? undefined]));
  const result = createPartySchema(today).safeParse(raw);
  if (result.success) return { ok: true as const, data: result.data };
  const errors: PartyFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof PartyFieldErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}
