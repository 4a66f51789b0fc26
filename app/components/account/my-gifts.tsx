import { Download } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { AccountSection as Section } from "./account-section";

/** How a gift's status reads to its donor. */
const STATUS_LABEL: Record<string, string> = {
  paga: "Paga",
  pendente: "Pendente",
  falhou: "Não concluída",
  cancelada: "Cancelada",
  reembolsada: "Reembolsada",
  contestada: "Contestada",
  expirada: "Expirada",
};

type Gift = {
  id: string;
  to: string;
  date: string;
  receiptNumber: number | string;
  cause: string | null;
  amount: string;
  status: string;
  receiptPdf: string | null;
};

/** /conta → "Minhas doações": the account's gifts with their receipts, and the yearly statements. */
export function MyGifts({
  gifts,
  statements,
  emailVerified,
}: {
  gifts: Gift[];
  statements: Array<{ year: number; href: string }>;
  emailVerified: boolean;
}) {
  return (
    <Section id="minhas-doacoes" title="Minhas doações" description="As doações feitas com a sua conta, com o número do recibo.">
      {emailVerified ? null : (
        <p className="mb-3 text-sm text-muted">
          Doou sem entrar na conta?{" "}
          <Link to="/conta/confirmar-endereco" className="font-bold text-coral-700 underline">
            Confirme seu e-mail
          </Link>{" "}
          e as doações feitas com ele passam a aparecer aqui.
        </p>
      )}
      {gifts.length === 0 ? (
        <p className="text-muted">
          Você ainda não fez doações com esta conta.{" "}
          <Link to="/eventos" className="font-bold text-coral-700 underline">
            Veja as festas
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-coral-100">
          {gifts.map((gift) => (
            <li key={gift.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-bold break-words text-indigo-800">{gift.to}</p>
                <p className="text-sm text-muted">
                  {gift.date} · Recibo nº {gift.receiptNumber}
                  {gift.cause ? ` · ${gift.cause}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-extrabold">{gift.amount}</span>
                <Badge tone={gift.status === "paga" ? "paid" : "pending"}>{STATUS_LABEL[gift.status] ?? gift.status}</Badge>
                {gift.receiptPdf ? (
                  <a href={gift.receiptPdf} className="text-sm font-bold text-coral-700 underline">
                    Recibo (PDF)
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {statements.length > 0 ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Extrato anual com todos os recibos:</span>
          {statements.map((s) => (
            <a key={s.year} href={s.href} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <Download size={16} aria-hidden="true" /> {s.year}
            </a>
          ))}
        </p>
      ) : null}
    </Section>
  );
}
