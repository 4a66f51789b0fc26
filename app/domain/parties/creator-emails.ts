/**
 * How a party's creator hears of its gifts (issue 31: a burst of 260 gifts made 260 e-mails):
 * each gift at once, a digest (the first gift at once, then at most one e-mail per party every
 * 10 minutes listing every gift since), or none. Chosen per party on its dashboard.
 */
export const CREATOR_EMAIL_MODES = ["cada", "resumo", "nenhum"] as const;
export type CreatorEmailMode = (typeof CREATOR_EMAIL_MODES)[number];
export const DEFAULT_CREATOR_EMAIL_MODE: CreatorEmailMode = "resumo";
export const CREATOR_DIGEST_MINUTES = 10;

export const CREATOR_EMAIL_LABELS: Record<CreatorEmailMode, string> = {
  cada: "Um e-mail a cada doação",
  resumo: `Um resumo a cada ${CREATOR_DIGEST_MINUTES} minutos (a primeira doação chega na hora)`,
  nenhum: "Não quero e-mails de doações (vejo tudo no painel)",
};
