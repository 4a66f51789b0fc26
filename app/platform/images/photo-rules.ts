/**
 * Uploaded photos (issue 17): a party's cover and a person's profile photo. What we accept, the
 * sizes we make and the messages — browser-safe, so the forms can say the same as the server.
 */

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Past this many pixels a file is refused before it is decoded (a "decompression bomb"). */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export const PHOTO_MESSAGES = {
  tooLarge: "A foto tem mais de 10 MB. Escolha uma foto menor.",
  heic: "Fotos HEIC (padrão do iPhone) ainda não são aceitas. Envie a foto em JPEG, PNG ou WebP — no iPhone, escolha “Mais Compatível” em Ajustes › Câmera › Formatos, ou compartilhe a foto como JPEG.",
  wrongType: "Envie uma foto em JPEG, PNG ou WebP.",
  tooManyPixels: "Esta foto tem dimensões grandes demais. Envie uma foto de até 40 megapixels.",
  unreadable: "Não foi possível ler esta foto. Envie outro arquivo em JPEG, PNG ou WebP.",
  storageDown:
    "Não conseguimos guardar a foto agora. Sua festa foi salva sem foto — você pode adicioná-la depois em “Editar festa” no Painel.",
} as const;
