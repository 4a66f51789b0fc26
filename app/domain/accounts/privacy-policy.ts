/**
 * The version of the terms of use and privacy policy a new account accepts (recorded on the user
 * row with the time). Change it when /termos-de-uso or /politica-privacidade change in substance.
 */
export const TERMS_VERSION = "2026-11";
/** How long a privacy-request link (/privacidade/solicitar) and an e-mail-change link stay good. */
export const PRIVACY_LINK_TTL_SECONDS = 24 * 60 * 60;
/** The name a party page shows when its creator deleted their account. */
export const CLOSED_BY_DELETION_MESSAGE =
  "Esta festa foi encerrada pela pessoa que a criou. Obrigado a todos que participaram! As doações já confirmadas seguem para a instituição.";
