/** Why a Pix was not counted (pix_payments.flag_reason), as the admin reads it. Plain module: the admin table imports it. */
export const PIX_FLAG_REASONS = {
  valor_diferente: "Valor pago diferente do valor da cobrança",
  apos_expiracao: "Pago depois do vencimento do código",
  e2e_repetido: "Identificador (E2E) já recebido com outros dados",
  pagamento_repetido: "Segundo pagamento de uma doação já encerrada",
  cobranca_desconhecida: "Cobrança não encontrada para esta doação",
} as const;
export type PixFlagReason = keyof typeof PIX_FLAG_REASONS;
