import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { PIX_FLAG_REASONS, type PixFlagReason } from "~/domain/donations/pix-flags";
import { ScrollTable, tdClass, thClass } from "./common";

export type UnmatchedEventRow = {
  provider: string;
  eventId: string;
  type: string;
  summary: unknown;
  attempts: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  flaggedAt: Date | null;
};

/** Provider events for gifts we do not know: retried by the provider, then flagged for a look. */
export function UnmatchedEvents({ rows }: { rows: UnmatchedEventRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="eventos-desconhecidos" className="space-y-3">
      <h2 id="eventos-desconhecidos" className="text-xl">
        Eventos de pagamento sem doação
      </h2>
      <p className="text-sm text-muted">
        O provedor avisou sobre uma doação que não encontramos. Ele tenta de novo algumas vezes; depois o evento fica marcado para
        conferência aqui.
      </p>
      <ScrollTable label="Eventos de pagamento sem doação" minWidth={860}>
        <thead>
          <tr>
            <th className={thClass}>Provedor</th>
            <th className={thClass}>Evento</th>
            <th className={thClass}>Referências</th>
            <th className={`${thClass} text-right`}>Tentativas</th>
            <th className={thClass}>Primeira / última</th>
            <th className={thClass}>Situação</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={`${e.provider}:${e.eventId}`}>
              <td className={tdClass}>{e.provider}</td>
              <td className={`${tdClass} break-all`}>
                <span className="font-bold">{e.type}</span>
                <br />
                <code className="text-xs">{e.eventId}</code>
              </td>
              <td className={`${tdClass} max-w-xs text-xs break-all`}>
                <code>{JSON.stringify(e.summary)}</code>
              </td>
              <td className={`${tdClass} text-right`}>{e.attempts}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                {formatDateTime(e.firstSeenAt)}
                <br />
                {formatDateTime(e.lastSeenAt)}
              </td>
              <td className={tdClass}>
                {e.flaggedAt ? <Badge tone="danger">para conferir</Badge> : <Badge tone="pending">aguardando nova tentativa</Badge>}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

export type FlaggedPixRow = {
  id: string;
  provider: string;
  endToEndId: string;
  txid: string;
  amountCents: number;
  expectedCents: number | null;
  paidAt: Date;
  flagReason: string | null;
  receiptNumber: number | null;
  destination: string | null;
};

/** Pix received that did not match their charge (docs/decisions/150-pix.md): recorded, never counted, for a person to settle. */
export function FlaggedPixPayments({ rows }: { rows: FlaggedPixRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="pix-sinalizados" className="space-y-3">
      <h2 id="pix-sinalizados" className="text-xl">
        Pagamentos Pix sinalizados
      </h2>
      <p className="text-sm text-muted">
        Pix que chegaram com outro valor, depois do vencimento, repetidos ou para uma doação já encerrada. Não contam no total da festa nem
        no razão: confira com o banco e devolva ou registre a doação.
      </p>
      <ScrollTable label="Pagamentos Pix sinalizados" minWidth={860}>
        <thead>
          <tr>
            <th className={thClass}>Motivo</th>
            <th className={thClass}>Doação</th>
            <th className={`${thClass} text-right`}>Pago / cobrado</th>
            <th className={thClass}>Quando</th>
            <th className={thClass}>E2E / txid</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id}>
              <td className={tdClass}>
                <Badge tone="danger">{PIX_FLAG_REASONS[p.flagReason as PixFlagReason] ?? p.flagReason}</Badge>
              </td>
              <td className={tdClass}>
                {p.receiptNumber ? `#${p.receiptNumber}` : "—"} {p.destination ?? ""}
              </td>
              <td className={`${tdClass} text-right whitespace-nowrap`}>
                <span className="font-bold">{formatCents(p.amountCents)}</span>
                {p.expectedCents !== null ? <> / {formatCents(p.expectedCents)}</> : null}
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(p.paidAt)}</td>
              <td className={`${tdClass} text-xs break-all`}>
                <code>{p.endToEndId}</code>
                <br />
                <code>
                  {p.provider} · {p.txid}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
