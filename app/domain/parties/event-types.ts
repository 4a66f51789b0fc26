/** The kinds of celebration a party can be (spec: "Tipo de Evento"); the schema's enum reads this list. */
export const EVENT_TYPES = ["Aniversário", "Casamento", "Formatura", "Aniversário de Empresa", "Confraternização", "Outro"] as const;

export type EventType = (typeof EVENT_TYPES)[number];
