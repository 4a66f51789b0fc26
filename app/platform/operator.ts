/**
 * Who operates the site (OPERATOR_* in the configuration): the company that collects every gift
 * and pays it out. Browser-safe: the footer, the legal pages, the receipts (page and PDF) and the
 * Pix page name it with these same sentences.
 */

export type Operator = {
  legalName: string;
  /** Formatted: 00.000.000/0000-00 (or the alphanumeric form). */
  cnpj: string;
  address: string;
  /** The name the payer's bank app shows as the Pix receiver. */
  pixName: string;
  /** Outside production, until OPERATOR_* are set: the values are the demonstration placeholders. */
  placeholder: boolean;
};

/** Appended wherever a placeholder is shown, so nobody mistakes it for the real company. */
export const DEMO_MARK = "(dados de demonstração)";

const mark = (o: Operator) => (o.placeholder ? ` ${DEMO_MARK}` : "");

/** "Festa Solidária Ltda. · CNPJ 12.345.678/0001-95 · Rua …": the footer's and the receipts' line. */
export function operatorLine(o: Operator): string {
  return `${o.legalName} · CNPJ ${o.cnpj} · ${o.address}${mark(o)}`;
}

/** "Festa Solidária Ltda., CNPJ 12.345.678/0001-95, com sede em Rua …": the company in a sentence. */
export function operatorIdentity(o: Operator): string {
  return `${o.legalName}, CNPJ ${o.cnpj}, com sede em ${o.address}${mark(o)}`;
}

/** The legal pages' and the receipts' sentence: who runs the site. */
export function operatorSentence(o: Operator): string {
  return `A Festa Solidária é operada por ${operatorIdentity(o)}.`;
}

/** Beside every Pix code: the name the bank app shows, so the payer knows the code is ours. */
export function pixPayeeSentence(o: Operator): string {
  return (
    `O app do seu banco mostra ${o.pixName} como recebedor: é a ${o.legalName} (CNPJ ${o.cnpj})${mark(o)}, ` +
    "que opera a Festa Solidária e repassa a doação à instituição."
  );
}
