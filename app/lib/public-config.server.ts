import { getConfig } from "~/config.server";

/** The part of the configuration every page may show (sent to the browser). */
export function publicConfig() {
  const c = getConfig();
  return {
    publicUrl: c.PUBLIC_URL,
    feePercent: c.PLATFORM_FEE_PERCENT,
    contactEmail: c.CONTACT_EMAIL,
    whatsappNumber: c.WHATSAPP_NUMBER,
    instagramUrl: c.INSTAGRAM_URL,
    facebookUrl: c.FACEBOOK_URL,
    legalCity: c.LEGAL_CITY,
    legalPhone: c.LEGAL_PHONE,
    dpoEmail: c.DPO_EMAIL,
    paymentsSandbox: c.paymentsSandbox,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
