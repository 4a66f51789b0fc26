/**
 * Institution applications in tests: a valid form, its four documents, and the offline registry
 * twin with a short timeout (the one that never answers ends in 100 ms, not 3 s).
 */
import { APPLICATION_DOCUMENT_KINDS, APPLICATION_DOCUMENTS } from "~/domain/organizations/application";
import { OFFLINE_REGISTRY_CNPJS, offlineRegistrySource } from "~/domain/organizations/cnpj-registry-offline.server";
import { createCnpjRegistry } from "~/domain/organizations/cnpj-registry.server";

export { OFFLINE_REGISTRY_CNPJS };

export const quickTwin = () => createCnpjRegistry({ name: "offline", source: offlineRegistrySource, timeoutMs: 100 });

export function applicationFields(causeId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    cnpj: "24.581.367/0001-04",
    legalName: "ASSOCIACAO MAOS QUE AJUDAM",
    tradeName: "Mãos que Ajudam",
    causeId,
    city: "Belo Horizonte",
    state: "MG",
    contactEmail: "contato@maosqueajudam.org.br",
    contactPhone: "(31) 99876-5432",
    pixKeyType: "cnpj",
    pixKey: "24.581.367/0001-04",
    description: "Distribuímos refeições e cestas básicas a famílias do centro de Belo Horizonte.",
    ...overrides,
  };
}

/** The smallest PDF signature: enough for the content check. */
const tinyPdf = (name = "documento.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n")], name, { type: "application/pdf" });

/** The four documents, keyed by their form field. */
export function applicationDocuments(overrides: Record<string, File> = {}): Record<string, File> {
  const files: Record<string, File> = {};
  for (const kind of APPLICATION_DOCUMENT_KINDS) files[APPLICATION_DOCUMENTS[kind].field] = tinyPdf(`${kind}.pdf`);
  return { ...files, ...overrides };
}

export function applicationForm(fields: Record<string, string>, files: Record<string, File> = applicationDocuments()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, v] of Object.entries(files)) form.set(k, v);
  return form;
}
