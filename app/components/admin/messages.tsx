import type { loadMessagesPanel } from "~/domain/content/contact-admin.server";
import { Check, Mail, Phone, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { adminHref } from "./tabs";
import { formatDateTime } from "~/platform/dates";
import { IntentInput, Pagination, ResultNotice } from "./common";

type Data = Awaited<ReturnType<typeof loadMessagesPanel>>;

export function MessagesTab({ data }: { data: Data }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        {data.unanswered === 0
          ? "Nenhuma mensagem aguardando resposta."
          : `${data.unanswered} ${data.unanswered === 1 ? "mensagem aguardando" : "mensagens aguardando"} resposta.`}
      </p>
      <ResultNotice intents={["markMessageAnswered"]} />
      {data.rows.length === 0 ? (
        <EmptyState title="Nenhuma mensagem recebida." description="As mensagens do formulário de contato aparecem aqui." icon="✉️" />
      ) : (
        <ul className="space-y-3">
          {data.rows.map((m) => (
            <li key={m.id}>
              <MessageCard message={m} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} href={(p) => adminHref("mensagens", { pagina: p })} />
      <VisitRequests visits={data.visits} />
    </div>
  );
}

/** The Diamante plan's guided-visit requests: each was e-mailed to the institution (or to the team). */
function VisitRequests({ visits }: { visits: Data["visits"] }) {
  return (
    <section aria-labelledby="pedidos-de-visita" className="pt-6">
      <h2 id="pedidos-de-visita" className="text-xl">
        Pedidos de visita guiada
      </h2>
      <p className="mt-1 text-sm text-muted">
        Assinantes do Plano Diamante pedem em Minha conta; o pedido vai por e-mail para a instituição, que responde ao assinante.
      </p>
      {visits.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nenhum pedido de visita ainda.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {visits.map((v) => (
            <li key={v.id}>
              <Card padding="md">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-extrabold break-words text-indigo-800">{v.name}</p>
                    <p className="text-xs text-muted">
                      Pedido em {formatDateTime(v.createdAt)} · {v.institution ?? "instituição removida"}
                    </p>
                  </div>
                  <a href={`mailto:${v.email}`} className="text-sm font-semibold break-all text-indigo-700 hover:underline">
                    {v.email}
                  </a>
                </div>
                <p className="mt-2 text-sm">
                  <strong>Datas:</strong> {v.preferredDates} · <strong>Pessoas:</strong> {v.people}
                </p>
                {v.message ? <p className="mt-2 text-sm whitespace-pre-wrap">{v.message}</p> : null}
                <p className="mt-2 text-xs text-muted">Enviado para {v.sentTo}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageCard({ message: m }: { message: Data["rows"][number] }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("answered");
  const answered = typeof pending === "string" ? pending === "true" : Boolean(m.answeredAt);
  return (
    <Card padding="md" className={answered ? "opacity-80" : "border-l-4 border-l-coral-500"}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-extrabold break-words text-indigo-800">{m.name}</p>
          <p className="text-xs text-muted">Recebida em {formatDateTime(m.createdAt)}</p>
        </div>
        {answered ? <Badge tone="paid">Respondida</Badge> : <Badge tone="pending">Aguardando resposta</Badge>}
      </div>
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <a href={`mailto:${m.email}`} className="inline-flex items-center gap-1.5 font-semibold break-all text-indigo-700 hover:underline">
          <Mail size={16} strokeWidth={2} aria-hidden="true" />
          {m.email}
        </a>
        <a
          href={`tel:${m.phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-1.5 font-semibold text-indigo-700 hover:underline"
        >
          <Phone size={16} strokeWidth={2} aria-hidden="true" />
          {m.phone}
        </a>
      </p>
      <p className="mt-3 break-words whitespace-pre-line">{m.message ?? <span className="text-muted">(sem mensagem)</span>}</p>
      <fetcher.Form method="post" className="mt-4">
        <IntentInput intent="markMessageAnswered" />
        <input type="hidden" name="id" value={m.id} />
        <input type="hidden" name="answered" value={String(!answered)} />
        <Button type="submit" variant={answered ? "ghost" : "secondary"} size="sm">
          {answered ? <RotateCcw size={16} strokeWidth={2} aria-hidden="true" /> : <Check size={16} strokeWidth={2} aria-hidden="true" />}
          {answered ? "Marcar como não respondida" : "Marcar como respondida"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
