/**
 * What the registry lookup puts into the application form, and what the applicant is told about
 * it. The prefill is only a starting point the applicant may change: the server looks the CNPJ up
 * again when the form is sent and keeps its own copy of the answer.
 */
import { BRAZILIAN_STATES } from "./brazilian-states";
import { formatCnpj } from "./cnpj-format";
import { formatRegistryAddress, REGISTRY_MESSAGES, type RegistryLookup } from "./cnpj-registry";

export type LookupSummary =
  | { kind: "found"; message: string; legalName: string; tradeName: string; status: string; cnae: string | null; address: string }
  | { kind: "not-found" | "unavailable" | "skipped"; message: string };

export function summarizeLookup(lookup: RegistryLookup): LookupSummary {
  if (lookup.kind === "not-found") return { kind: "not-found", message: REGISTRY_MESSAGES.notFound };
  if (lookup.kind === "unavailable") return { kind: "unavailable", message: REGISTRY_MESSAGES.unavailable };
  const { company } = lookup;
  return {
    kind: "found",
    message: REGISTRY_MESSAGES.found,
    legalName: company.legalName,
    tradeName: company.tradeName,
    status: company.status,
    cnae: company.cnae ? `${company.cnae.code} — ${company.cnae.description}` : null,
    address: formatRegistryAddress(company.address),
  };
}

const SMALL_WORDS = new Set(["de", "da", "do", "das", "dos", "e"]);

/** "BELO HORIZONTE" → "Belo Horizonte", "SAO JOAO DEL REI" → "Sao Joao del Rei" (the registry has no accents). */
function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

export type ApplicationPrefill = {
  cnpj: string;
  legalName?: string;
  tradeName?: string;
  city?: string;
  state?: string;
  contactEmail: string;
  pixKeyType?: string;
  pixKey?: string;
};

export function applicationPrefill(cnpj: string, lookup: RegistryLookup | null, email: string): ApplicationPrefill {
  const base: ApplicationPrefill = { cnpj: formatCnpj(cnpj), contactEmail: email, pixKeyType: "cnpj", pixKey: formatCnpj(cnpj) };
  if (lookup?.kind !== "found") return base;
  const { company } = lookup;
  const state = (BRAZILIAN_STATES as readonly string[]).includes(company.address.state) ? company.address.state : undefined;
  return {
    ...base,
    legalName: company.legalName,
    tradeName: company.tradeName ? titleCase(company.tradeName) : undefined,
    city: company.address.city ? titleCase(company.address.city) : undefined,
    state,
  };
}
