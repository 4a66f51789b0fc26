import { FileDown } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";

const card = "rounded-3xl border border-coral-100 bg-white p-5 shadow-soft sm:p-6";

/** A month's statement for the accountant: PDF or CSV (a GET form; each button names its format). */
export function DashboardStatement({ slug, months }: { slug: string; months: { key: string; label: string }[] }) {
  return (
    <section aria-labelledby="extrato" className={card}>
      <h2 id="extrato" className="text-xl">
        Extrato mensal
      </h2>
      <p className="mt-1 text-sm text-muted">
        Para a contabilidade: bruto, taxas, líquido e repasses do mês, com o CNPJ da plataforma e o da instituição.
      </p>
      <form method="get" action={`/ong/${slug}/painel/extrato`} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField label="Mês" name="mes" defaultValue={months[0]?.key} className="sm:w-64">
          {months.map((m) => (
            <option key={m.key} value={m.key}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <button type="submit" name="formato" value="pdf" className={buttonVariants({ variant: "primary" })}>
          <FileDown size={18} aria-hidden="true" /> Baixar PDF
        </button>
        <button type="submit" name="formato" value="csv" className={buttonVariants({ variant: "secondary" })}>
          <FileDown size={18} aria-hidden="true" /> Baixar CSV
        </button>
      </form>
    </section>
  );
}

type Payout = {
  payoutId: string;
  transferredAt: Date | string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  partyName: string | null;
  periodEnd: string | null;
  hasProof: boolean;
};

/** Every transfer to the institution, with its proof to download (members and admins only). */
export function DashboardPayouts({ slug, payouts }: { slug: string; payouts: Payout[] }) {
  return (
    <section aria-labelledby="repasses" className={card}>
      <h2 id="repasses" className="text-xl">
        Repasses
      </h2>
      {payouts.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nenhum repasse ainda. Quando a equipe transferir, o comprovante fica aqui.</p>
      ) : (
        <ul className="mt-3 divide-y divide-coral-100">
          {payouts.map((p) => (
            <li key={p.payoutId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-bold text-indigo-800">
                  {formatCents(p.netCents)} em {formatDate(p.transferredAt)}
                </p>
                <p className="text-sm text-muted">
                  {p.partyName
                    ? `Festa ${p.partyName}`
                    : `Doações diretas e mensalidades${p.periodEnd ? ` até ${formatCalendarDate(p.periodEnd)}` : ""}`}{" "}
                  · bruto {formatCents(p.grossCents)}, taxa {formatCents(p.feeCents)}
                </p>
              </div>
              {p.hasProof ? (
                <a
                  href={`/ong/${slug}/painel/repasses/${p.payoutId}/comprovante`}
                  className="font-bold text-coral-700 underline underline-offset-4"
                >
                  Baixar comprovante
                </a>
              ) : (
                <span className="text-sm text-muted">Sem comprovante anexado</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Party = { id: string; name: string; shareCode: string; eventDate: string; active: boolean; raisedCents: number; paidCount: number };

export function DashboardParties({ parties }: { parties: Party[] }) {
  return (
    <section aria-labelledby="festas" className={card}>
      <h2 id="festas" className="text-xl">
        Festas para a instituição
      </h2>
      {parties.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nenhuma festa escolheu a instituição ainda.</p>
      ) : (
        <ul className="mt-3 divide-y divide-coral-100">
          {parties.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link to={`/festa/${p.shareCode}`} className="font-bold text-indigo-800 underline-offset-4 hover:underline">
                  {p.name}
                </Link>
                <p className="text-sm text-muted">
                  {formatCalendarDate(p.eventDate)} · {p.paidCount === 1 ? "1 doação" : `${p.paidCount} doações`}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {p.active ? null : <Badge tone="pending">encerrada</Badge>}
                <span className="font-bold">{formatCents(p.raisedCents)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Contact = { email: string; name: string; gifts: number; lastGiftAt: Date | string };

/** Donors who ticked "share my name and e-mail with the institution" at their gift (LGPD consent). */
export function DashboardContacts({ contacts }: { contacts: Contact[] }) {
  return (
    <section aria-labelledby="contatos" className={card}>
      <h2 id="contatos" className="text-xl">
        Doadores que compartilharam o contato
      </h2>
      <p className="mt-1 text-sm text-muted">
        Só quem marcou, ao doar, que aceita compartilhar nome e e-mail com a instituição. Use para agradecer e contar sobre o trabalho; não
        repasse a terceiros.
      </p>
      {contacts.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Ninguém compartilhou o contato ainda.</p>
      ) : (
        <ul className="mt-3 divide-y divide-coral-100">
          {contacts.map((c) => (
            <li key={c.email} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <strong className="text-indigo-800">{c.name}</strong> · <span className="break-all">{c.email}</span>
              </span>
              <span className="text-muted">
                {c.gifts === 1 ? "1 doação" : `${c.gifts} doações`}, a última em {formatDate(c.lastGiftAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
