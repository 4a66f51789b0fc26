import { CircleAlert, CircleX, ShieldCheck } from "lucide-react";
import { data, Link } from "react-router";
import { InstitutionBox } from "~/components/causes/institution";
import { buttonVariants } from "~/components/ui/button";
import { institutionSummary } from "~/domain/organizations";
import { findReceiptByCode } from "~/domain/receipts/receipts.server";
import { formatReceiptNumber, isReceiptCode, publicDonorLabel } from "~/domain/receipts";
import { formatDateTime } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { operatorLine } from "~/platform/operator";
import { pageMeta } from "~/platform/ui/meta";
import type { Route } from "./+types/recibo.$codigo";
import { privatePageHeaders } from "~/platform/http/cache-headers";
import { matchedGiftSentence } from "~/domain/matching/match-banner";

// Reached through the receipt's code: one donor's page (issue 31).
export const headers = privatePageHeaders;

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: data?.receipt ? `Recibo nº ${data.receipt.number} — verificação` : "Recibo não encontrado",
    description: "Verificação pública de um recibo de doação da Festa Solidária.",
    noindex: true,
  });

/**
 * GET /recibo/{código}: anyone holding a receipt confirms it is ours. Shows the amount, the date,
 * the institution and the donor's first name (or "Doação anônima") — never the e-mail, the full
 * name or the fee split. An unknown or malformed code says so and reveals nothing else.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const receipt = isReceiptCode(params.codigo) ? await findReceiptByCode(params.codigo) : null;
  if (!receipt) return data({ receipt: null }, { status: 404 });
  return {
    issuer: operatorLine(context.config.operator),
    receipt: {
      number: formatReceiptNumber(receipt.number, receipt.kind),
      kind: receipt.kind,
      amount: formatCents(receipt.grossCents),
      paidAt: formatDateTime(receipt.paidAt),
      donor: publicDonorLabel({ anonymous: receipt.anonymous, name: receipt.donorName }),
      cancelled: receipt.cancelled,
      party: receipt.party?.name ?? null,
      sponsorMatch: receipt.sponsorMatch,
      matched: receipt.matched ? matchedGiftSentence(receipt.matched) : null,
      institution: receipt.institution ? institutionSummary({ ...receipt.institution, slug: "-", verifiedAt: null }) : null,
    },
  };
}

export default function Recibo({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  if (!receipt || !("issuer" in loaderData)) {
    return (
      <Shell
        icon={<CircleX size={44} strokeWidth={2} aria-hidden="true" />}
        tone="bg-pending-bg text-pending"
        title="Recibo não encontrado"
      >
        <p className="mx-auto mt-3 max-w-md text-muted">
          Não existe recibo da Festa Solidária com este código. Confira se o endereço foi copiado inteiro, exatamente como aparece no
          recibo.
        </p>
      </Shell>
    );
  }
  return (
    <Shell
      icon={
        receipt.cancelled ? (
          <CircleAlert size={44} strokeWidth={2} aria-hidden="true" />
        ) : (
          <ShieldCheck size={44} strokeWidth={2} aria-hidden="true" />
        )
      }
      tone={receipt.cancelled ? "bg-danger-bg text-danger" : "bg-paid-bg text-paid"}
      title={receipt.cancelled ? "Recibo cancelado" : "Recibo verdadeiro"}
    >
      <p className="mx-auto mt-3 max-w-md text-muted">
        {receipt.cancelled
          ? "Este recibo foi emitido pela Festa Solidária, mas o pagamento foi estornado depois (reembolso ou contestação): ele não vale mais como comprovante."
          : "Este recibo foi emitido pela Festa Solidária para um pagamento confirmado pela operadora."}
      </p>
      <dl className="mx-auto mt-6 grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl bg-cream p-5 text-left">
        <dt className="text-muted">Recibo nº</dt>
        <dd className="font-bold">{receipt.number}</dd>
        <dt className="text-muted">Valor</dt>
        <dd className="font-bold">{receipt.amount}</dd>
        <dt className="text-muted">Data</dt>
        <dd className="font-bold">{receipt.paidAt}</dd>
        <dt className="text-muted">Doador(a)</dt>
        <dd className="font-bold break-words">{receipt.donor}</dd>
        {receipt.party ? (
          <>
            <dt className="text-muted">Festa</dt>
            <dd className="font-bold break-words">{receipt.party}</dd>
          </>
        ) : null}
        {receipt.sponsorMatch ? (
          <>
            <dt className="text-muted">Origem</dt>
            <dd className="font-bold">Pagamento do patrocínio em dobro (o valor prometido pelas doações da festa)</dd>
          </>
        ) : null}
        {receipt.matched ? (
          <>
            <dt className="text-muted">Patrocínio em dobro</dt>
            <dd className="font-bold" data-testid="receipt-matched">
              {receipt.matched}
            </dd>
          </>
        ) : null}
        {receipt.kind === "subscription" ? (
          <>
            <dt className="text-muted">Origem</dt>
            <dd className="font-bold">Assine o Bem (fundo principal)</dd>
          </>
        ) : null}
      </dl>
      {receipt.institution ? (
        <InstitutionBox institution={receipt.institution} label="Instituição beneficiária" className="mx-auto mt-6 max-w-lg" />
      ) : null}
      <p className="mx-auto mt-6 max-w-lg text-sm text-muted" data-testid="emitente">
        Emitente: {loaderData.issuer}
      </p>
    </Shell>
  );
}

function Shell({ icon, tone, title, children }: { icon: React.ReactNode; tone: string; title: string; children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-coral-50 to-cream px-4 py-12 md:py-20">
      <div className="mx-auto max-w-2xl rounded-3xl border border-coral-100 bg-white px-5 py-10 text-center shadow-soft sm:p-12">
        <span className={`mx-auto flex h-20 w-20 items-center justify-center rounded-full ${tone}`}>{icon}</span>
        <h1 className="mt-6 text-2xl md:text-3xl">{title}</h1>
        {children}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Link to="/transparencia" className={buttonVariants({ variant: "secondary" })}>
            Ver Transparência
          </Link>
          <Link to="/" className={buttonVariants()}>
            Conhecer a Festa Solidária
          </Link>
        </div>
      </div>
    </section>
  );
}
