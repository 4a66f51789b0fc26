/**
 * The admin's "Patrocínio em dobro" form (decision 215) and the host's "Convidar um patrocinador"
 * (decision 219, the same fields): one schema each for the browser and the server.
 * The sponsor's document is a CPF (11 digits) or a CNPJ (14 characters, numeric or alphanumeric),
 * checked with the project's CPF/CNPJ rules (organizations/cpf.ts, organizations/cnpj.ts).
 * Browser-safe, `zod/mini`.
 */
import * as z from "zod/mini";
import { idField, optionalHttpUrl, optionalText, text } from "~/platform/forms/fields";
import { isValidCalendarDate } from "~/platform/dates";
import { parseReaisToCents } from "~/platform/money";
import { isValidCpfDigits, parseCnpj } from "~/domain/organizations";
import { DEFAULT_RATIO_PERCENT } from "./pledge-status";

export const PLEDGE_MESSAGES = {
  name: "Informe o nome do patrocinador (pessoa ou empresa).",
  document: "Informe um CPF ou CNPJ válido do patrocinador.",
  email: "Informe um e-mail válido.",
  inviteEmail: "Informe o e-mail do patrocinador: o pedido de confirmação vai para ele.",
  logo: "Informe o endereço http(s) do logo, ou deixe em branco.",
  cap: "Informe o teto em reais, entre R$ 10,00 e R$ 1.000.000,00.",
  ratio: "Escolha quanto o patrocinador soma a cada real.",
  deadline: "Informe a data final do patrocínio.",
} as const;

const MIN_CAP_CENTS = 1_000;
const MAX_CAP_CENTS = 100_000_000;

/** "123.456.789-09" → "12345678909"; "12.ABC.345/01DE-35" → "12ABC34501DE35"; null when neither. */
export function parseSponsorDocument(raw: string): string | null {
  const digits = raw.replace(/[.\-/\s]/g, "");
  if (/^\d{11}$/.test(digits)) return isValidCpfDigits(digits) ? digits : null;
  const cnpj = parseCnpj(raw);
  return cnpj.ok ? cnpj.cnpj : null;
}

/** The ratios offered: how much the sponsor adds to each real given. */
export const RATIO_CHOICES = [
  // Short enough for the select's width at 390 px (the longer labels were cut there).
  { percent: 50, label: "Meio: R$ 0,50 por real (1:0,5)" },
  { percent: DEFAULT_RATIO_PERCENT, label: "Dobro: R$ 1 por real (1:1)" },
  { percent: 200, label: "Triplo: R$ 2 por real (1:2)" },
] as const;

// A pledge's terms, shared by the admin's form and the host's invitation. Spread into each object
// rather than derived with z.omit: that would add its code to every form page's shared chunk.
const pledgeTerms = {
  sponsorName: text(PLEDGE_MESSAGES.name, 120),
  sponsorDocument: z.pipe(
    text(PLEDGE_MESSAGES.document, 24),
    z.transform((raw, ctx) => {
      const document = parseSponsorDocument(raw);
      if (document) return document;
      ctx.issues.push({ code: "custom", message: PLEDGE_MESSAGES.document, input: raw });
      return z.NEVER;
    }),
  ),
  sponsorEmail: optionalText(200).check(z.refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), PLEDGE_MESSAGES.email)),
  sponsorLogoUrl: optionalHttpUrl(PLEDGE_MESSAGES.logo),
  ratioPercent: z.pipe(
    z.optional(z.string()),
    z.transform((raw, ctx) => {
      const percent = raw ? Number(raw) : DEFAULT_RATIO_PERCENT;
      if (RATIO_CHOICES.some((c) => c.percent === percent)) return percent;
      ctx.issues.push({ code: "custom", message: PLEDGE_MESSAGES.ratio, input: raw });
      return z.NEVER;
    }),
  ),
  cap: z.pipe(
    text(PLEDGE_MESSAGES.cap, 20),
    z.transform((raw, ctx) => {
      const cents = parseReaisToCents(raw);
      if (cents !== null && cents >= MIN_CAP_CENTS && cents <= MAX_CAP_CENTS) return cents;
      ctx.issues.push({ code: "custom", message: PLEDGE_MESSAGES.cap, input: raw });
      return z.NEVER;
    }),
  ),
  /** YYYY-MM-DD: gifts paid until the end of that day (São Paulo) are matched. */
  deadline: text(PLEDGE_MESSAGES.deadline, 10).check(z.refine((d) => isValidCalendarDate(d), PLEDGE_MESSAGES.deadline)),
};

export const pledgeCreateSchema = z.object({ partyId: idField, ...pledgeTerms });
export type PledgeCreateInput = z.output<typeof pledgeCreateSchema>;

/** The end of `date` in São Paulo (UTC−3 all year since 2019). */
export const deadlineEndOfDay = (date: string) => new Date(`${date}T23:59:59.999-03:00`);

export const pledgeCancelSchema = z.object({ pledgeId: idField });

/**
 * The host's invitation (decision 219): the admin's fields without the party (the URL names it and
 * the owner is checked on the server) and the sponsor's e-mail required — the signed link goes there.
 */
export const pledgeInviteSchema = z.object({
  ...pledgeTerms,
  intent: z.literal("convidar-patrocinador"),
  sponsorEmail: z.pipe(
    z
      .string({ error: PLEDGE_MESSAGES.inviteEmail })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, PLEDGE_MESSAGES.inviteEmail), z.maxLength(200, PLEDGE_MESSAGES.email)),
    z.email(PLEDGE_MESSAGES.email),
  ),
});
export type PledgeInviteInput = z.output<typeof pledgeInviteSchema>;

/** The host cancels a pending invitation or sends its e-mail again. */
export const pledgeInviteActionSchema = z.object({
  intent: z.enum(["cancelar-patrocinio", "reenviar-patrocinio"]),
  pledgeId: idField,
});

/**
 * One sponsor at a time: an active pledge, or an invitation still waiting (its last day not
 * passed), keeps the host from inviting another — the service refuses it too.
 */
export function hasOpenPledge(pledges: { status: string; deadline: Date | string }[], now: Date): boolean {
  return pledges.some((p) => p.status === "ativa" || (p.status === "pendente_confirmacao" && new Date(p.deadline) >= now));
}

/** What the host's list says of each status. */
export const PLEDGE_STATUS_LABELS: Record<string, string> = {
  pendente_confirmacao: "aguardando confirmação",
  ativa: "ativa",
  encerrada: "encerrada",
  cancelada: "cancelada",
};
