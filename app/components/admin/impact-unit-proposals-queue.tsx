import type { loadImpactPanel } from "~/domain/impact/impact-admin.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { ReviewItem, ReviewQueue } from "./review-queue";

type Pending = Awaited<ReturnType<typeof loadImpactPanel>>["pendingUnitProposals"][number];

const INTENTS = { approve: "approveImpactUnitProposal", refuse: "refuseImpactUnitProposal" };

/** Impacto → "Unidades propostas pelas ONGs": units institutions' teams proposed, published in /doar and certificates only when an admin approves (decision 191). */
export function ImpactUnitProposalsQueue({ pending }: { pending: Pending[] }) {
  return (
    <ReviewQueue
      id="unidades-propostas"
      title="Unidades propostas pelas ONGs"
      description="Unidades de impacto que as equipes das instituições propuseram pelo painel. Aprovadas, passam a valer no painel de impacto de /doar e nos certificados; recusadas, voltam com o motivo."
      empty="Nenhuma unidade esperando revisão."
      intents={INTENTS}
      pending={pending}
    >
      {(p) => {
        const name = `1 ${p.singular} = ${formatCents(p.costCents)}`;
        return (
          <ReviewItem id={p.id} label={name} intents={INTENTS} testId="impact-unit-proposal">
            <p className="text-xs font-bold text-coral-700">
              {p.organizationName} · proposta por {p.authorName ?? "conta excluída"} em {formatDate(p.createdAt)}
            </p>
            <p className="font-extrabold break-words text-indigo-800">
              {name} <span className="text-sm font-normal text-muted">(plural: {p.plural})</span>
            </p>
            <p className="mt-1 text-sm">
              {p.current?.singular
                ? `Altera a unidade atual: 1 ${p.current.singular} = ${formatCents(p.current.costCents ?? 0)}.`
                : "Unidade nova."}
            </p>
          </ReviewItem>
        );
      }}
    </ReviewQueue>
  );
}
