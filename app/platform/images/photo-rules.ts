/**
 * Uploaded photos (issue 17): a party's cover and a person's profile photo. What we accept, the
 * sizes we make and the messages — browser-safe, so the forms can say the same as the server.
 */

import type { UploadRule } from "~/platform/storage/upload-check";
import type { FileKind } from "~/platform/storage/sniff";

const MAX_PHOTO_MB = 10;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
/** The kinds a photo may be, read from its first bytes (never its name or declared type). */
export const PHOTO_KINDS: readonly FileKind[] = ["jpeg", "png", "webp"];
/** Said next to every photo field. */
export const PHOTO_RULE_TEXT = `JPG, PNG ou WebP até ${MAX_PHOTO_MB} MB`;
/** Past this many pixels a file is refused before it is decoded (a "decompression bomb"). */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export const PHOTO_MESSAGES = {
  tooLarge: `A foto tem mais de ${MAX_PHOTO_MB} MB. Escolha uma foto menor.`,
  heic: "Fotos HEIC (padrão do iPhone) ainda não são aceitas. Envie a foto em JPEG, PNG ou WebP — no iPhone, escolha “Mais Compatível” em Ajustes › Câmera › Formatos, ou compartilhe a foto como JPEG.",
  wrongType: "Envie uma foto em JPEG, PNG ou WebP.",
  tooManyPixels: "Esta foto tem dimensões grandes demais. Envie uma foto de até 40 megapixels.",
  unreadable: "Não foi possível ler esta foto. Envie outro arquivo em JPEG, PNG ou WebP.",
  storageDown:
    "Não conseguimos guardar a foto agora. Sua festa foi salva sem foto — você pode adicioná-la depois em “Editar festa” no Painel.",
} as const;

/** What the photo fields check in the browser before sending, from the constants above. */
export const PHOTO_UPLOAD: UploadRule = { maxBytes: MAX_PHOTO_BYTES, kinds: PHOTO_KINDS, messages: PHOTO_MESSAGES };
