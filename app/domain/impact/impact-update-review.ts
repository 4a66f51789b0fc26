/**
 * An impact update's review (decision 190): an institution's team writes it `pendente`; it is
 * published (`aprovada`) only after an admin approves it, or sent back `recusada` with a reason.
 * Updates an admin writes are published at once. Plain constants: the schema reads them.
 */
export const IMPACT_UPDATE_STATUSES = ["pendente", "aprovada", "recusada"] as const;
export type ImpactUpdateStatus = (typeof IMPACT_UPDATE_STATUSES)[number];

export const IMPACT_UPDATE_STATUS_LABELS: Record<ImpactUpdateStatus, string> = {
  pendente: "Aguardando aprovação",
  aprovada: "Publicada",
  recusada: "Não aprovada",
};
