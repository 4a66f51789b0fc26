import type { Config } from "~/platform/config.server";
import { operatorLine } from "~/platform/operator";

/** The part of the configuration every page may show (sent to the browser). */
export function publicConfig(c: Config) {
  return {
    publicUrl: c.PUBLIC_URL,
    feePercent: c.PLATFORM_FEE_PERCENT,
    contactEmail: c.CONTACT_EMAIL,
    // null when not configured: the site then shows no WhatsApp button or link of its own.
    whatsappNumber: c.WHATSAPP_NUMBER ?? null,
    instagramUrl: c.INSTAGRAM_URL,
    facebookUrl: c.FACEBOOK_URL,
    legalCity: c.LEGAL_CITY,
    legalPhone: c.LEGAL_PHONE,
    dpoEmail: c.DPO_EMAIL,
    operator: c.operator,
    // The footer's line, written here: every page's script then carries the text, not the rule.
    operatorLine: operatorLine(c.operator),
    paymentsSandbox: c.paymentsSandbox,
    // Whether the subscribers' WhatsApp group exists; its invite link itself is shown only to subscribers.
    subscribersGroup: Boolean(c.SUBSCRIBERS_WHATSAPP_GROUP_URL),
    // Production with the sandbox is a demo: every page says so. Development does not need the
    // banner (the sandbox's payment page already says "Ambiente de testes").
    demoBanner: c.paymentsSandbox && c.isProduction,
  };
}
