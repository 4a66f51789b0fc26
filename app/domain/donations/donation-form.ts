/**
 * The /doar form's schema, parsed by the server (the real check) and, as a courtesy, in the browser
 * (docs/decisions/111-forms.md). Amounts are decided here in integer centavos; the browser never
 * sends a number we trust.
 */
import * as z from "zod/mini";
import { formatCents, parseReaisToCents } from "~/platform/money";

export const PRESET_REAIS = [10, 25, 50, 100, 250, 500] as const;

/** decisions.md, Money: card testers probe with tiny amounts. */
const MIN_DONATION_CENTS = 500;
const MAX_DONATION_CENTS = 5_000_000;
export const MAX_MESSAGE_LENGTH = 500;
const MAX_NAME_LENGTH = 100;

export type PresetReais = (typeof PRESET_REAIS)[number];
export type ImpactLines = Record<PresetReais, string>;

/**
 * The impact side panel when the cause has no lines of its own: wording true for any
 * institution (a rare-diseases party must not promise food baskets).
 */
export const PRESET_IMPACT: ImpactLines = {
  10: "Ajuda a cobrir os custos do dia a dia da instituição.",
  25: "Contribui para o atendimento de uma pessoa ou família.",
  50: "Ajuda a custear materiais e insumos das atividades.",
  100: "Garante uma semana de atividades da instituição.",
  250: "Apoia um mês de acompanhamento de quem é atendido.",
  500: "Ajuda a manter um projeto funcionando por um mês inteiro.",
};

/**
 * The cause's own lines (stored as {"25": "…"}) where present and sensible, the generic ones
 * elsewhere. Anything odd in the stored value falls back instead of breaking /doar.
 */
export function impactLinesFor(stored: unknown): ImpactLines {
  const lines = { ...PRESET_IMPACT };
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return lines;
  for (const reais of PRESET_REAIS) {
    const line = (stored as Record<string, unknown>)[String(reais)];
    if (typeof line === "string" && line.trim() && line.length <= 200) lines[reais] = line.trim();
  }
  return lines;
}

export const DONATION_MESSAGES = {
  invalidAmount: "Por favor, selecione ou digite um valor válido.",
  tooManyDecimals: "Use no máximo 2 casas decimais (ex.: 25,50).",
  belowMin: `O valor mínimo para doação é ${formatCents(MIN_DONATION_CENTS)}.`,
  aboveMax: `O valor máximo para doação é ${formatCents(MAX_DONATION_CENTS)}.`,
  missingDonor: "Por favor, preencha seu nome e email.",
  invalidEmail: "Por favor, digite um e-mail válido.",
  nameTooLong: `O nome pode ter no máximo ${MAX_NAME_LENGTH} caracteres.`,
  messageTooLong: `A mensagem pode ter no máximo ${MAX_MESSAGE_LENGTH} caracteres.`,
  missingHonoree: "Escreva o nome de quem você homenageia.",
  challengeRequired: "Houve muitas tentativas de pagamento recusadas por aqui. Confirme que você não é um robô e envie de novo.",
  challengeFailed: "Não conseguimos confirmar a verificação. Marque a caixa de novo e envie.",
  paymentFailed: "Erro ao processar o pagamento",
  retrySuffix: " - Tente novamente.",
  missingUrl: "URL de pagamento não foi retornada",
} as const;

export type AmountResult = { ok: true; cents: number } | { ok: false; error: string };

/**
 * The custom amount wins when it is filled (without JavaScript both may arrive); otherwise the
 * preset, which must be one of ours.
 */
export function parseDonationAmount(input: { preset?: string | null; custom?: string | null }): AmountResult {
  const custom = (input.custom ?? "").trim();
  let cents: number | null;
  if (custom) {
    cents = parseReaisToCents(custom);
    if (cents === null)
      return { ok: false, error: hasTooManyDecimals(custom) ? DONATION_MESSAGES.tooManyDecimals : DONATION_MESSAGES.invalidAmount };
  } else {
    const preset = Number(input.preset);
    cents = (PRESET_REAIS as readonly number[]).includes(preset) ? preset * 100 : null;
    if (cents === null) return { ok: false, error: DONATION_MESSAGES.invalidAmount };
  }
  if (cents <= 0) return { ok: false, error: DONATION_MESSAGES.invalidAmount };
  if (cents < MIN_DONATION_CENTS) return { ok: false, error: DONATION_MESSAGES.belowMin };
  if (cents > MAX_DONATION_CENTS) return { ok: false, error: DONATION_MESSAGES.aboveMax };
  return { ok: true, cents };
}

function hasTooManyDecimals(value: string): boolean {
  const s = value.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return false; // thousands grouping, e.g. 1.234
  return /^\d[\d.]*,\d{3,}$/.test(s) || /^\d+\.\d{3,}$/.test(s);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isPlausibleEmail = (value: string) => EMAIL.test(value) && value.length <= 254;

/** Text as posted, bounded so a forged body cannot make us work on megabytes. */
const posted = (max: number) => z._default(z.string().check(z.maxLength(max, DONATION_MESSAGES.invalidAmount)), "");

/**
 * The gift as the form describes it. Errors are reported under the form's groups: `valor` (the
 * amount), `doador` (name and e-mail together), `nome`, `email`, `mensagem`, and the homage's
 * `homenageado`, `homenageadoEmail`.
 */
export const donationSchema = z.pipe(
  z.object({
    preset: posted(20),
    valorPersonalizado: posted(40),
    anonima: posted(10),
    nome: posted(MAX_NAME_LENGTH * 4),
    email: posted(400),
    mensagem: posted(MAX_MESSAGE_LENGTH * 4),
    festa: posted(64),
    ong: posted(64),
    chave: posted(100),
    noticias: posted(10),
    contato: posted(10),
    homenageado: posted(MAX_NAME_LENGTH * 4),
    homenageadoEmail: posted(400),
    homenagemValor: posted(10),
    homenagemPublica: posted(10),
    cobrirTaxa: posted(10),
  }),
  z.transform((input, ctx) => {
    const issue = (path: string, message: string) => ctx.issues.push({ code: "custom", message, path: [path], input });
    const amount = parseDonationAmount({ preset: input.preset, custom: input.valorPersonalizado });
    if (!amount.ok) issue("valor", amount.error);
    const anonymous = input.anonima === "on" || input.anonima === "true";
    const name = input.nome.trim().replace(/\s+/g, " ");
    const email = input.email.trim().toLowerCase();
    if (!anonymous && (!name || !email)) issue("doador", DONATION_MESSAGES.missingDonor);
    else if (email && !isPlausibleEmail(email)) issue("email", DONATION_MESSAGES.invalidEmail);
    if (!anonymous && name.length > MAX_NAME_LENGTH) issue("nome", DONATION_MESSAGES.nameTooLong);
    const message = input.mensagem.trim();
    if (message.length > MAX_MESSAGE_LENGTH) issue("mensagem", DONATION_MESSAGES.messageTooLong);
    const honoree = parseHonoree(input, issue);
    return {
      amountCents: amount.ok ? amount.cents : 0,
      anonymous,
      donorName: anonymous ? null : name,
      donorEmail: email || null,
      message: message || null,
      festa: input.festa || null,
      ong: input.ong || null,
      formKey: input.chave,
      // The party's one thank-you message may reach this donor (unchecked by default; party gifts only).
      wantsPartyNews: input.noticias === "on" && Boolean(input.festa),
      // Under the same box, a named guest's name and e-mail reach the host's guest list (decision 212).
      sharesContactWithHost: input.noticias === "on" && Boolean(input.festa) && !anonymous && Boolean(email),
      // LGPD consent to share name and e-mail with the institution: only when ticked, never anonymous.
      sharesContact: input.contato === "on" && !anonymous && Boolean(email),
      // "Quero cobrir a taxa" (decision 216): only when ticked; the server computes the fee.
      coversFee: input.cobrirTaxa === "on",
      ...honoree,
    };
  }),
);

/**
 * "Doar em homenagem a alguém" (decision 214): unused when every field of the section is empty or
 * unticked; used, it needs the honoree's name. The e-mail is optional (no e-mail, no card); both
 * choices are off unless ticked.
 */
function parseHonoree(
  input: { homenageado: string; homenageadoEmail: string; homenagemValor: string; homenagemPublica: string },
  issue: (path: string, message: string) => void,
) {
  const name = input.homenageado.trim().replace(/\s+/g, " ");
  const email = input.homenageadoEmail.trim().toLowerCase();
  const showsAmount = input.homenagemValor === "on";
  const onPartyPage = input.homenagemPublica === "on";
  // Unused, everything below is empty or off.
  if (!name && (email || showsAmount || onPartyPage)) issue("homenageado", DONATION_MESSAGES.missingHonoree);
  if (name.length > MAX_NAME_LENGTH) issue("homenageado", DONATION_MESSAGES.nameTooLong);
  if (email && !isPlausibleEmail(email)) issue("homenageadoEmail", DONATION_MESSAGES.invalidEmail);
  return { honoreeName: name || null, honoreeEmail: email || null, honoreeShowsAmount: showsAmount, honoreeOnPartyPage: onPartyPage };
}

/**
 * The form's `metodo` radio: "Pix" (our Pix page) or "Cartão" (the provider's checkout); anything
 * else, or nothing, is the card, as before Pix. Read by the server only, beside the schema: the
 * browser has nothing to check in a radio, and /doar's script budget has no room for it.
 */
export function paymentMethodOf(posted: unknown): "pix" | "card" {
  return typeof posted === "string" && posted.trim().toLowerCase() === "pix" ? "pix" : "card";
}
