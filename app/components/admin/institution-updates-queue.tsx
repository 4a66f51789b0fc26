import type { loadImpactPanel } from "~/domain/impact/impact-admin.server";
import { formatDate } from "~/platform/dates";
import { ReviewItem, ReviewQueue } from "./review-queue";

type Pending = Awaited<ReturnType<typeof loadImpactPanel>>["pendingInstitutionUpdates"][number];

const INTENTS = { approve: "approveInstitutionUpdate", refuse: "refuseInstitutionUpdate" };

/** Impacto → "Atualizações das ONGs": what institutions' teams wrote, published only when an admin approves it (decision 190). */
export function InstitutionUpdatesQueue({ pending }: { pending: Pending[] }) {
  return (
    <ReviewQueue
      id="atualizacoes-ongs"
      title="Atualizações das ONGs"
      description="Textos que as equipes das instituições enviaram pelo painel delas. Aprovados, aparecem na página pública da instituição e no relatório mensal dos assinantes; recusados, voltam com o motivo."
      empty="Nenhuma atualização esperando revisão."
      intents={INTENTS}
      pending={pending}
    >
      {(u) => (
        <ReviewItem id={u.id} label={u.title} intents={INTENTS} testId="institution-update">
          <p className="text-xs font-bold text-coral-700">
            {u.month} · {u.organizationName} · enviada por {u.authorName ?? "conta excluída"} em {formatDate(u.createdAt)}
          </p>
          <p className="font-extrabold break-words text-indigo-800">{u.title}</p>
          <p className="mt-1 text-sm break-words whitespace-pre-line">{u.body}</p>
        </ReviewItem>
      )}
    </ReviewQueue>
  );
}
