/**
 * The public CNPJ registry as the product sees it (Receita Federal data through BrasilAPI, or the
 * offline twin): what an applicant's CNPJ says about the institution. Browser-safe types and
 * wording; the adapters are `cnpj-registry*.server.ts`.
 */

export type RegistryAddress = {
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  zip: string;
};

export type RegistryCompany = {
  cnpj: string;
  legalName: string;
  tradeName: string;
  /** The registry's wording: "ATIVA", "BAIXADA", "INAPTA", "SUSPENSA", "NULA". */
  status: string;
  cnae: { code: string; description: string } | null;
  address: RegistryAddress;
};

/**
 * One lookup's outcome. `unavailable` (timed out, down, refused) never blocks an application: the
 * applicant types the data and the admin sees "não consultado".
 */
export type RegistryLookup =
  | { kind: "found"; company: RegistryCompany; checkedAt: string }
  | { kind: "not-found"; checkedAt: string }
  | { kind: "unavailable"; reason: "timeout" | "error" };

export interface CnpjRegistry {
  readonly name: "brasilapi" | "offline";
  /** `cnpj`: 14 characters as parseCnpj returns them. Never throws: a failure is `unavailable`. */
  lookup(cnpj: string): Promise<RegistryLookup>;
}

/** Only an active CNPJ ("ATIVA") can become an institution that receives gifts. */
export const isActiveRegistryStatus = (status: string) => status.trim().toUpperCase() === "ATIVA";

export const REGISTRY_MESSAGES = {
  found: "Encontramos o CNPJ na Receita Federal: confira os dados preenchidos.",
  inactive: (status: string) =>
    `A Receita Federal informa a situação "${status}" para este CNPJ. Só recebemos pedidos de instituições com CNPJ ativo.`,
  notFound: "Não encontramos este CNPJ na Receita Federal. Confira o número ou preencha os dados à mão: a equipe vai conferir.",
  unavailable: "A consulta à Receita Federal não respondeu agora. Preencha os dados à mão: a equipe confere depois.",
} as const;

/** "Rua das Flores, 120 — Centro, Belo Horizonte - MG, CEP 30110-000" (missing parts left out). */
export function formatRegistryAddress(a: RegistryAddress): string {
  const street = [a.street, a.number].filter(Boolean).join(", ");
  const place = [a.district, [a.city, a.state].filter(Boolean).join(" - ")].filter(Boolean).join(", ");
  const zip = /^\d{8}$/.test(a.zip) ? `CEP ${a.zip.slice(0, 5)}-${a.zip.slice(5)}` : a.zip;
  return [[street, a.complement].filter(Boolean).join(" "), place, zip].filter(Boolean).join(" — ");
}
