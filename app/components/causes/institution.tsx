import { BadgeCheck, Building2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { institutionDetails, type InstitutionSummary } from "~/domain/organizations/institution";
import { cn } from "~/platform/ui/cn";

/** The "verificada" mark: an admin checked this institution's CNPJ and documents. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <Badge tone="paid" className={className} title="CNPJ e documentos conferidos pela equipe da Festa Solidária">
      <BadgeCheck size={14} strokeWidth={2.25} aria-hidden="true" /> verificada
    </Badge>
  );
}

/**
 * Who receives the money, as every page that takes or reports a gift shows it: name, the
 * "verificada" mark, then CNPJ and city. `label` is the line above ("Quem recebe a doação").
 */
export function InstitutionBox({
  institution,
  label = "Quem recebe a doação",
  className,
}: {
  institution: InstitutionSummary;
  label?: string;
  className?: string;
}) {
  const details = institutionDetails(institution);
  return (
    <div
      className={cn("flex items-start gap-3 rounded-2xl border border-coral-100 bg-white p-4 text-left shadow-soft", className)}
      data-testid="instituicao"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        <Building2 size={20} strokeWidth={2} aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-wide text-coral-700 uppercase">{label}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 font-extrabold text-indigo-800">
          <span>{institution.name}</span>
          {institution.verified ? <VerifiedMark /> : null}
        </p>
        {details ? <p className="mt-0.5 text-sm text-muted">{details}</p> : null}
      </div>
    </div>
  );
}
