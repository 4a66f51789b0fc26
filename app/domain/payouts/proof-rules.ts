/**
 * What a payout proof may be, and what the admin is told otherwise. Plain rules: the admin form's
 * label reads them too, so the page and the server cannot disagree on the limit.
 */
import type { FileKind } from "~/platform/storage/sniff";
import type { UploadRule } from "~/platform/storage/upload-check";

export const MAX_PROOF_MB = 10;
export const MAX_PROOF_BYTES = MAX_PROOF_MB * 1024 * 1024;

/** Bank receipts come as a PDF or a screenshot. */
export const PROOF_KINDS: readonly FileKind[] = ["pdf", "png", "jpeg"];

/** The file input's hint to the browser's picker; the server checks the content regardless. */
export const PROOF_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

export const PROOF_MESSAGES = {
  tooLarge: `O arquivo tem mais de ${MAX_PROOF_MB} MB. Envie um arquivo de até ${MAX_PROOF_MB} MB (um PDF do banco ou uma captura de tela).`,
  wrongType: "Envie o comprovante em PDF, PNG ou JPG.",
  heic: "Fotos HEIC (o formato do iPhone) não são aceitas. Envie o comprovante em PDF, PNG ou JPG: uma captura de tela do comprovante serve.",
  storageDown: "Não foi possível guardar o arquivo agora. Tente de novo em alguns minutos ou informe um link do comprovante.",
} as const;

/** What the proof field checks in the browser before sending, from the constants above. */
export const PROOF_UPLOAD: UploadRule = { maxBytes: MAX_PROOF_BYTES, kinds: PROOF_KINDS, messages: PROOF_MESSAGES };
