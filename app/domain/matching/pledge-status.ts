/** A matching pledge's statuses (decision 215). Browser-safe: the schema and the admin list read them. */
export const PLEDGE_STATUSES = ["pendente_confirmacao", "ativa", "encerrada", "cancelada"] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

/** "Cada real vale dois": the sponsor adds `ratioPercent`/100 of each gift (100 = 1:1). */
export const DEFAULT_RATIO_PERCENT = 100;

/** What a paid gift of `amountCents` asks of a pledge (whole centavos, rounded down; never more than remains). */
export function matchFor(amountCents: number, ratioPercent: number, remainingCents: number): number {
  const wanted = Math.floor((amountCents * ratioPercent) / 100);
  return Math.max(0, Math.min(wanted, remainingCents));
}
