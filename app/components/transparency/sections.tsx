import { FileDown, FileText, Landmark, Lock, Receipt, ShieldCheck } from "lucide-react";
import { formatCents } from "~/platform/money";

export type CauseShare = { name: string; totalCents: number; gifts: number; percent: number };

const BAR_COLORS = ["bg-coral-600", "bg-indigo-600", "bg-coral-400", "bg-indigo-800", "bg-paid", "bg-pending"];

/** Shares of the paid gifts by cause; the percentages add up to exactly 100. */
export function CauseDistribution({ shares, totalCents }: { shares: CauseShare[]; totalCents: number }) {
  if (shares.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-center text-muted">Ainda não há doações pagas para mostrar.</p>;
  }
  return (
    <div className="rounded-2xl border border-coral-100 bg-white p-6 shadow-soft">
      <ul className="space-y-5">
        {shares.map((share, i) => (
          <li key={share.name}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-bold text-indigo-800">{share.name}</span>
              <span className="text-sm text-muted">
                <span className="text-lg font-extrabold text-ink">{share.percent}%</span> · {formatCents(share.totalCents)} ·{" "}
                {share.gifts === 1 ? "1 doação" : `${share.gifts} doações`}
              </span>
            </div>
            <div aria-hidden="true" className="mt-2 h-3 overflow-hidden rounded-full bg-sand">
              <div className={`h-full rounded-full ${BAR_COLORS[i % BAR_COLORS.length]}`} style={{ width: `${share.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 border-t border-coral-100 pt-4 text-sm font-semibold text-muted">
        Total de doações pagas: <span className="text-ink">{formatCents(totalCents)}</span>
      </p>
    </div>
  );
}

export function ReportList({ months }: { months: Array<{ key: string; label: string; partial: boolean }> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {months.map((m) => (
        <li key={m.key} className="flex flex-col rounded-2xl border border-coral-100 bg-white p-5 shadow-soft">
          <FileText size={28} strokeWidth={2} aria-hidden="true" className="text-coral-600" />
          <h3 className="mt-3 text-lg first-letter:uppercase">Relatório de {m.label}</h3>
          <p className="mt-1 flex-1 text-sm text-muted">
            {m.partial ? "Mês em andamento (parcial)." : "Totais, causas, festas, taxas e repasses."}
          </p>
          <a
            href={`/transparencia/relatorio/${m.key}`}
            download={`festa-solidaria-transparencia-${m.key}.pdf`}
            aria-label={`Baixar PDF do relatório de ${m.label}`}
            className="mt-4 inline-flex h-11 items-center justify-center gap-2 rounded-full border-2 border-indigo-700 px-4 font-bold text-indigo-700 hover:bg-indigo-50"
          >
            <FileDown size={18} strokeWidth={2} aria-hidden="true" /> Baixar PDF
          </a>
        </li>
      ))}
    </ul>
  );
}

const CERTIFICATIONS = [
  {
    icon: Lock,
    title: "Pagamentos seguros",
    text: "Cartão e Pix processados por operadora certificada PCI DSS; não guardamos dados de cartão.",
  },
  {
    icon: ShieldCheck,
    title: "Conformidade com a LGPD",
    text: "Dados pessoais tratados conforme a Lei Geral de Proteção de Dados, com encarregado nomeado.",
  },
  {
    icon: Receipt,
    title: "Comprovante de cada repasse",
    text: "Cada transferência à instituição tem comprovante enviado a quem criou a festa e à instituição.",
  },
  {
    icon: Landmark,
    title: "Instituições verificadas",
    text: "Conferimos o CNPJ e a atuação de cada ONG antes de ela receber festas e doações.",
  },
];

export function Certifications() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CERTIFICATIONS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-coral-100 bg-white p-5 shadow-soft">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-paid-bg text-paid">
            <Icon size={24} strokeWidth={2} aria-hidden="true" />
          </span>
          <h3 className="mt-3 text-lg">{title}</h3>
          <p className="mt-1 text-sm text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
