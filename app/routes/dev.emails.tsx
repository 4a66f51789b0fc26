import { ExternalLink, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dev.emails";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { formatDateTime } from "~/platform/dates";
import { pageMeta } from "~/platform/ui/meta";
import { listOutboxEmails, readableEmail } from "~/platform/mail/outbox.server";
import { requireDevMailboxAccess } from "~/domain/accounts/dev-mailbox-access.server";
import { countOf } from "~/platform/plural";

/**
 * The local mailbox: every e-mail the outbox holds, newest first, so the product can be tried
 * without a mail server. Never in production, and elsewhere only to loopback clients or admins
 * (it shows recovery links).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context;
  await requireDevMailboxAccess(request, context);
  const emails = await listOutboxEmails(200);
  return {
    smtp: Boolean(config.SMTP_URL),
    emails: emails.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      text: readableEmail(e).text,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      createdAt: formatDateTime(e.createdAt),
    })),
  };
}

export const meta = () =>
  pageMeta({ title: "Caixa de e-mails (desenvolvimento)", description: "E-mails enviados pelo ambiente local.", noindex: true });

const STATUS = {
  sent: { label: "entregue", tone: "paid" },
  pending: { label: "na fila", tone: "pending" },
  failed: { label: "falhou", tone: "danger" },
} as const;

export default function DevEmails({ loaderData }: Route.ComponentProps) {
  const { emails, smtp } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">Ambiente local</p>
          <h1 className="mt-1 text-3xl">Caixa de e-mails</h1>
          <p className="mt-2 text-muted">
            {smtp
              ? "Cópia de tudo o que passou pela fila de e-mails (SMTP_URL configurada: também saem pelo servidor SMTP)."
              : "Sem SMTP_URL, os e-mails ficam aqui em vez de sair para a internet. Esta página não existe em produção."}
          </p>
        </div>
        <Link
          to="/dev/emails"
          className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-bold text-indigo-700 hover:bg-indigo-50"
        >
          <RefreshCw size={16} strokeWidth={2} aria-hidden="true" /> Atualizar
        </Link>
      </div>

      {emails.length === 0 ? (
        <EmptyState
          className="mt-8"
          icon="📭"
          title="Nenhum e-mail ainda"
          description="Peça uma recuperação de senha em /auth para ver um aqui."
        />
      ) : (
        <ul className="mt-8 grid gap-4">
          {emails.map((e) => (
            <li key={e.id} className="rounded-2xl border border-coral-100 bg-white p-5 shadow-soft">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-lg">
                    <a href={`/dev/emails/${e.id}`} className="hover:underline">
                      {e.subject}
                    </a>
                  </h2>
                  <p className="text-sm text-muted">
                    Para <span className="font-bold break-all text-ink">{e.to}</span> · {e.createdAt}
                  </p>
                </div>
                <Badge tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Badge>
              </div>
              {e.lastError ? (
                <p className="mt-2 text-sm text-danger">
                  {countOf(e.attempts, { one: "tentativa", other: "tentativas" })}; último erro: {e.lastError}
                </p>
              ) : null}
              <pre className="mt-4 max-h-72 overflow-auto rounded-xl bg-sand p-4 font-sans text-sm whitespace-pre-wrap text-ink">
                <Linkified text={e.text} />
              </pre>
              <a
                href={`/dev/emails/${e.id}`}
                className="mt-3 inline-flex items-center gap-1.5 text-sm font-bold text-coral-700 hover:underline"
              >
                Ver como HTML <ExternalLink size={14} strokeWidth={2} aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The plain-text part with its links clickable. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-bold break-all text-coral-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
