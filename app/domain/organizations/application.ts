/**
 * An institution's online application (`/ongs/cadastrar`, decision 178): its statuses, the
 * documents it carries and what the applicant and the admin are told. Plain rules: the schema
 * reads the constants, the pages the labels.
 */
import type { FileKind } from "~/platform/storage/sniff";
import type { UploadRule } from "~/platform/storage/upload-check";

export const APPLICATION_STATUSES = ["submitted", "changes_requested", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The applicant's and the admin's word for each status. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: "Em análise",
  changes_requested: "Ajustes pedidos",
  approved: "Aprovado",
  rejected: "Recusado",
};

/**
 * Waiting for the team: at most one such application per CNPJ. An application sent back for
 * changes is answered with a new one (the old one stays, as history).
 */
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = ["submitted"];
/** The team can still decide on these. */
export const REVIEWABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = ["submitted"];

export const APPLICATION_DOCUMENT_KINDS = ["bylaws", "board_minutes", "cnpj_card", "pix_proof"] as const;
export type ApplicationDocumentKind = (typeof APPLICATION_DOCUMENT_KINDS)[number];

export const APPLICATION_DOCUMENTS: Record<ApplicationDocumentKind, { label: string; hint: string; field: string }> = {
  bylaws: { label: "Estatuto social", hint: "O estatuto registrado em cartório, com as alterações.", field: "docEstatuto" },
  board_minutes: { label: "Ata de eleição da diretoria", hint: "A ata da eleição da diretoria atual.", field: "docAta" },
  cnpj_card: { label: "Cartão CNPJ", hint: "O comprovante de inscrição emitido no site da Receita Federal.", field: "docCartaoCnpj" },
  pix_proof: {
    label: "Comprovante de titularidade da conta/chave Pix",
    hint: "Um extrato ou tela do banco que mostre a instituição como titular da conta ou da chave Pix.",
    field: "docComprovantePix",
  },
};

/** How the registry answered when the application was sent: the admin sees it beside what was typed. */
export const REGISTRY_RESULTS = ["found", "not_found", "unavailable"] as const;
export type RegistryResult = (typeof REGISTRY_RESULTS)[number];

export const REGISTRY_RESULT_LABELS: Record<RegistryResult, string> = {
  found: "Consultado na Receita Federal",
  not_found: "Não encontrado na Receita Federal",
  unavailable: "Não consultado (a consulta não respondeu)",
};

export const MAX_DOCUMENT_MB = 5;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;
/** Scans and photos of papers: PDF, JPG, PNG or WebP, by content. */
/** Room for the four documents at their cap plus the form's fields (the route's body cap is twice this). */
export const MAX_APPLICATION_BODY_BYTES = 4 * MAX_DOCUMENT_BYTES + 256 * 1024;
export const DOCUMENT_FILE_KINDS: readonly FileKind[] = ["pdf", "jpeg", "png", "webp"];
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

export const DOCUMENT_MESSAGES = {
  required: "Envie este documento (PDF ou foto).",
  tooLarge: `O arquivo tem mais de ${MAX_DOCUMENT_MB} MB. Envie um PDF ou uma foto de até ${MAX_DOCUMENT_MB} MB.`,
  wrongType: "Envie um PDF ou uma imagem (JPG, PNG ou WebP): este arquivo não é nenhum deles.",
  heic: "Fotos HEIC (o formato do iPhone) não são aceitas. Envie em PDF, JPG ou PNG: uma captura de tela serve.",
  chooseAgain: "Escolha o arquivo de novo: por segurança, arquivos não ficam guardados quando o formulário volta com um erro.",
  storageDown: "Não foi possível guardar os documentos agora. Tente de novo em alguns minutos: nada foi enviado.",
} as const;

export const APPLICATION_MESSAGES = {
  openForCnpj: "Já existe um pedido em análise para este CNPJ. Acompanhe o andamento abaixo.",
  alreadyInstitution: "Este CNPJ já é de uma instituição cadastrada na Festa Solidária. Fale com a equipe pelo Contato.",
  inactive: (status: string) =>
    `A Receita Federal informa a situação "${status}" para este CNPJ: só aceitamos instituições com CNPJ ativo.`,
  tooMany: "Você fez muitas consultas em pouco tempo. Aguarde alguns minutos ou preencha os dados à mão.",
} as const;

/** "Prato Cheio" from the trade name, or the legal name when there is none; the institution's public name. */
export function applicationDisplayName(a: { tradeName: string | null; legalName: string }): string {
  return a.tradeName?.trim() || a.legalName;
}

/** The Pix key's holder, as far as the product can tell without the bank's directory. */
export type PixHolderCheck = { result: "matches" | "differs" | "unverified"; label: string };

export function pixHolderCheck(application: { cnpj: string; pixKeyType: string; pixKey: string }): PixHolderCheck {
  if (application.pixKeyType !== "cnpj") {
    return {
      result: "unverified",
      label: "Não verificado: a chave não é um CNPJ. Confira no comprovante de titularidade que a instituição é a titular.",
    };
  }
  return application.pixKey === application.cnpj
    ? { result: "matches", label: "Confere: a chave Pix é o CNPJ da instituição." }
    : { result: "differs", label: "Não confere: a chave Pix é outro CNPJ, não o da instituição." };
}

/** What each document field checks in the browser before sending, from the same constants the server uses. */
export const DOCUMENT_UPLOAD: UploadRule = { maxBytes: MAX_DOCUMENT_BYTES, kinds: DOCUMENT_FILE_KINDS, messages: DOCUMENT_MESSAGES };
