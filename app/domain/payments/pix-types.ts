/** The Pix side of the payment-provider seam (types.ts): immediate charges and Pix Automático's recurrences. */
import type { PaymentEvent } from "./types";

/** An immediate Pix charge (API Pix `cob`) for one gift. */
export type PixChargeRequest = {
  donationId: string;
  /** Our choice, derived from the gift and its attempt: a retried request asks for the same charge. */
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  /** Shown by the payer's bank ("solicitação ao pagador"), at most 140 characters. */
  description: string;
  /** Our clock (the sandbox dates its codes by it; a PSP dates them itself). */
  now?: Date;
};

export type PixCharge = {
  txid: string;
  /** The BR Code: "Pix copia e cola", and the QR code's text. */
  copyPaste: string;
  expiresAt: Date;
};

/** The provider's view of a charge: its API Pix status and the Pix it received. */
export type PixChargeStatus = {
  txid: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  payments: Array<{ endToEndId: string; amountCents: number; paidAt: Date }>;
};

/** A recurrence (Pix Automático) at the PSP: its status, its QR code while it waits, and the events that status means. */
export type PixRecurrenceView = {
  recurrenceId: string;
  status: "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA";
  copyPaste: string | null;
  events: PaymentEvent[];
};

export type PixRecurringChargeRequest = {
  /** Ours, derived from the recurrence and the month: a retried job asks for the same charge. */
  txid: string;
  recurrenceId: string;
  amountCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
  /** `infoAdicional`, shown by the payer's bank (at most 140 characters). */
  info: string;
};
