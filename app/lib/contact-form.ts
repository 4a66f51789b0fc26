/** Bots fill every field they find; people never see this one. */
export const CONTACT_HONEYPOT = "site";

export type ContactField = "nome" | "email" | "telefone" | "mensagem";

/** "5531999999999" -> "+55 (31) 99999-9999", for showing the configured WhatsApp number. */
export function formatWhatsappNumber(number: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : `+${number}`;
}
