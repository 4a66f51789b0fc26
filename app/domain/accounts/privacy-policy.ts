import { formatCalendarDate } from "~/platform/dates";

/**
 * The version of the terms of use and privacy policy a new account accepts (recorded on the user
 * row with the time). Change it when /termos-de-uso or /politica-privacidade change in substance,
 * and add the day it takes effect to LEGAL_VERSION_DATES: both pages and /conta read their date
 * from there, so the date a page shows is always the one of the version an account accepted.
 */
export const TERMS_VERSION = "2026-11";

/** Each version the accounts may have accepted, and the day (São Paulo calendar) it took effect. */
export const LEGAL_VERSION_DATES: Readonly<Record<string, string>> = {
  "2026-11": "2026-11-24",
};

/** "versão 2026-11, de 24/11/2026" (the date left out for a version this list does not know). */
export function legalVersionLabel(version: string): string {
  const since = LEGAL_VERSION_DATES[version];
  return since ? `versão ${version}, de ${formatCalendarDate(since)}` : `versão ${version}`;
}
/** How long a privacy-request link (/privacidade/solicitar) and an e-mail-change link stay good. */
export const PRIVACY_LINK_TTL_SECONDS = 24 * 60 * 60;
/** The name a party page shows when its creator deleted their account. */
export const CLOSED_BY_DELETION_MESSAGE =
  "Esta festa foi encerrada pela pessoa que a criou. Obrigado a todos que participaram! As doações já confirmadas seguem para a instituição.";
