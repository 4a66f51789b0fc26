import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { APPLICATION_STATUS_LABELS, applicationDisplayName, type ApplicationStatus } from "~/domain/organizations/application";
import { formatCnpj } from "~/domain/organizations/cnpj-format";
import { formatDate } from "~/platform/dates";

const STATUS_TONE: Record<ApplicationStatus, "pending" | "info" | "paid" | "danger"> = {
  submitted: "pending",
  changes_requested: "info",
  approved: "paid",
  rejected: "danger",
};

type MyApplication = {
  id: string;
  cnpj: string;
  legalName: string;
  tradeName: string | null;
  status: ApplicationStatus;
  reviewReason: string | null;
  createdAt: Date | string;
  organizationSlug: string | null;
};

/** The applicant's own applications and where each one stands. */
export function MyApplications({ applications, sent }: { applications: MyApplication[]; sent: boolean }) {
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="meus-pedidos" className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
      <h2 id="meus-pedidos" className="text-xl">
        Seus pedidos
      </h2>
      {sent ? (
        <p className="mt-2 text-sm text-muted">
          Pedido enviado. Mandamos um e-mail de confirmação e avisamos por e-mail quando a equipe decidir.
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-coral-100">
        {applications.map((a) => (
          <li key={a.id} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-extrabold text-indigo-800">{applicationDisplayName(a)}</p>
              <Badge tone={STATUS_TONE[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
            </div>
            <p className="text-sm text-muted">
              CNPJ {formatCnpj(a.cnpj)} · enviado em {formatDate(a.createdAt)}
            </p>
            {a.reviewReason && (a.status === "changes_requested" || a.status === "rejected") ? (
              <p className="mt-2 whitespace-pre-wrap rounded-xl bg-indigo-50 p-3 text-sm text-ink">
                <strong>{a.status === "rejected" ? "Motivo: " : "O que ajustar: "}</strong>
                {a.reviewReason}
              </p>
            ) : null}
            {a.status === "changes_requested" ? (
              <p className="mt-2 text-sm">
                <Link to={`/ongs/cadastrar?cnpj=${a.cnpj}`} className="font-bold text-coral-700 underline">
                  Enviar o pedido corrigido
                </Link>
              </p>
            ) : null}
            {a.status === "approved" && a.organizationSlug ? (
              <p className="mt-2 text-sm">
                <Link to={`/ong/${a.organizationSlug}/equipe`} className="font-bold text-coral-700 underline">
                  Equipe da instituição
                </Link>
                {" · "}
                <Link to={`/causas#${a.organizationSlug}`} className="font-bold text-coral-700 underline">
                  Ver a instituição em Causas
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
