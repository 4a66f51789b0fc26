/**
 * Mailing lists: the e-mail a person did not need to receive (monthly impact reports, a party's
 * news). Every such message carries a one-click unsubscribe (RFC 8058): `List-Unsubscribe` with a
 * signed link per address and list, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the
 * same link in the body. The link's POST records the address in `email_unsubscribes`; the next
 * sends to that list skip it. Transactional mail (receipts, passwords) is not on a list.
 */
import { and, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";
import { signToken, verifyToken } from "~/platform/signed-link.server";
import type { Mailer, NewEmail } from "./outbox.server";

const { emailUnsubscribes } = schema;

export const MAILING_LISTS = {
  "relatorio-mensal": "Relatório mensal de impacto (Assine o Bem)",
  "noticias-festas": "Notícias das festas em que você doou",
} as const;

export type MailingList = keyof typeof MAILING_LISTS;

/** Unsubscribe links stay good for two years: an old report in the inbox must still work. */
const UNSUBSCRIBE_TTL_SECONDS = 2 * 366 * 24 * 3600;

type UnsubscribeData = { e: string; l: MailingList };

const normalise = (email: string) => email.trim().toLowerCase();

export function unsubscribeUrl(publicUrl: string, email: string, list: MailingList, now: Date = new Date()): string {
  const token = signToken<UnsubscribeData>("unsubscribe", { e: normalise(email), l: list }, UNSUBSCRIBE_TTL_SECONDS, now);
  return `${publicUrl}/descadastrar?t=${encodeURIComponent(token)}`;
}

export type UnsubscribeRequest = { ok: true; email: string; list: MailingList } | { ok: false; error: "invalid" | "expired" };

/** What a link asks for, when we signed it and it has not expired. */
export function readUnsubscribeToken(token: unknown, now: Date = new Date()): UnsubscribeRequest {
  const verified = verifyToken<UnsubscribeData>("unsubscribe", token, now);
  if (!verified.ok) return verified;
  const { e, l } = verified.data ?? ({} as UnsubscribeData);
  if (typeof e !== "string" || !(l in MAILING_LISTS)) return { ok: false, error: "invalid" };
  return { ok: true, email: e, list: l };
}

/** Records the unsubscribe (a second time changes nothing). */
export async function unsubscribe(email: string, list: MailingList, executor: Executor = db): Promise<void> {
  await executor
    .insert(emailUnsubscribes)
    .values({ email: normalise(email), list })
    .onConflictDoNothing();
}

export async function isUnsubscribed(email: string, list: MailingList, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(and(eq(emailUnsubscribes.email, normalise(email)), eq(emailUnsubscribes.list, list)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Queues a list message unless the address left the list. `render` receives the unsubscribe link
 * for the body; the headers get the same link. Returns the outbox id, or null (skipped or a repeat).
 */
export async function enqueueListEmail(
  mailer: Mailer,
  executor: Executor,
  options: { to: string; list: MailingList; publicUrl: string; dedupeKey: string; now?: Date },
  render: (unsubscribeLink: string) => Omit<NewEmail, "to" | "dedupeKey" | "headers">,
): Promise<string | null> {
  if (await isUnsubscribed(options.to, options.list, executor)) return null;
  const link = unsubscribeUrl(options.publicUrl, options.to, options.list, options.now);
  return mailer.enqueue(executor, {
    ...render(link),
    to: options.to,
    dedupeKey: options.dedupeKey,
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
