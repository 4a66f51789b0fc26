/**
 * The few facts every page that takes money shows about who receives it: name, CNPJ, city and
 * whether an admin verified it. Browser-safe: queries select the columns, this shapes them.
 */
import { formatCnpj } from "./cnpj-format";

export type InstitutionSummary = {
  name: string;
  slug: string;
  cnpj: string | null; // formatted 00.000.000/0000-00
  city: string;
  state: string;
  verified: boolean;
};

type InstitutionColumns = {
  name: string | null;
  slug: string | null;
  cnpj: string | null;
  city: string | null;
  state: string | null;
  verifiedAt: Date | string | null;
};

/** Null when the row has no institution (a left join that found none). */
export function institutionSummary(row: InstitutionColumns | null): InstitutionSummary | null {
  if (!row?.name || !row.slug) return null;
  return {
    name: row.name,
    slug: row.slug,
    cnpj: row.cnpj ? formatCnpj(row.cnpj) : null,
    city: row.city ?? "",
    state: row.state ?? "",
    verified: row.verifiedAt !== null,
  };
}

/** "CNPJ 10.485.736/0001-50 · Belo Horizonte - MG", the line under an institution's name. */
export function institutionDetails(institution: InstitutionSummary): string {
  const place = institution.city && institution.state ? `${institution.city} - ${institution.state}` : institution.city;
  return [institution.cnpj ? `CNPJ ${institution.cnpj}` : null, place || null].filter(Boolean).join(" · ");
}
