/**
 * How big a request body each route may send (issue 18, docs/decisions/100-process-lifecycle.md).
 * Composition, like jobs.server.ts: it reads the domains' own limits so the platform's body-limit
 * middleware (platform/http/body-limit.server.ts) needs to know no domain.
 */
import { MAX_ADMIN_BODY_BYTES } from "~/routes/admin/kit.server";
import { MAX_WEBHOOK_BODY_BYTES } from "~/domain/donations/webhook.server";
import { MAX_PHOTO_BYTES } from "~/platform/images/photo-rules";
import { MAX_APPLICATION_BODY_BYTES } from "~/domain/organizations/application";

const KB = 1024;

/** Public forms (gifts, contact, sign-in…) are a few hundred bytes; 64 KB leaves ample room. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * KB;

/**
 * Routes that accept more than a form. A route matches its path, its `.data` twin (client-side
 * submissions) and anything below it; body-limit.server.ts passes the path as React Router routes
 * it (normalised, decoded, lowercase, `.data` dropped: request-target.server.ts). Uploads get their own entry here when they arrive.
 */
const BODY_LIMITS: ReadonlyArray<{ path: string; bytes: number }> = [
  // Payout proofs (10 MB plus the form's fields): twice that, so a file somewhat too big reaches the
  // admin action, which drains it and answers in the form ("O arquivo tem mais de 10 MB…") rather
  // than with a bare 413; past twice, the cap cuts the upload off.
  { path: "/admin", bytes: 2 * MAX_ADMIN_BODY_BYTES },
  // Photos (a party's cover, a profile photo: 10 MB plus the form's fields), with the same margin as
  // the proofs, so a photo somewhat too big gets the form's message rather than a bare 413.
  { path: "/criar-festa", bytes: 2 * MAX_PHOTO_BYTES },
  { path: "/painel/festa", bytes: 2 * MAX_PHOTO_BYTES },
  { path: "/conta", bytes: 2 * MAX_PHOTO_BYTES },
  // An institution's application: four documents at their cap plus the fields, with the same margin.
  { path: "/ongs/cadastrar", bytes: 2 * MAX_APPLICATION_BODY_BYTES },
  // Payment providers' events (Stripe's are a few KB).
  { path: "/api/webhooks", bytes: MAX_WEBHOOK_BODY_BYTES },
];

/** The most a request to `pathname` may send. */
export function bodyLimitFor(pathname: string): number {
  for (const { path, bytes } of BODY_LIMITS) {
    if (pathname === path || pathname.startsWith(`${path}/`) || pathname === `${path}.data`) return bytes;
  }
  return DEFAULT_BODY_LIMIT_BYTES;
}
