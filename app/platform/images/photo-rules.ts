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

/** The crops each kind of photo gets, and the widths served (srcset). */
export const PHOTO_VARIANTS = {
  capa: { ratio: 16 / 9, widths: [640, 1280] },
  perfil: { ratio: 1, widths: [96, 256] },
} as const;
export type PhotoKind = keyof typeof PHOTO_VARIANTS;

/** A stored photo's id: its kind and the hash of its content (so its URLs never change meaning). */
export const PHOTO_ID = /^(capa|perfil)-[0-9a-f]{24}$/;
export const PHOTO_FILE = /^((capa|perfil)-[0-9a-f]{24})-(\d{2,4})\.webp$/;

export function photoKind(id: string): PhotoKind | null {
  return PHOTO_ID.test(id) ? (id.split("-")[0] as PhotoKind) : null;
}

export function photoUrl(id: string, width: number) {
  return `/fotos/${id}-${width}.webp`;
}

/** `src`, `srcSet` and the intrinsic size of a stored photo, for an <img>. */
export function photoSources(id: string) {
  const kind = photoKind(id);
  if (!kind) return null;
  const { ratio, widths } = PHOTO_VARIANTS[kind];
  const largest = widths[widths.length - 1]!;
  return {
    src: photoUrl(id, largest),
    srcSet: widths.map((w) => `${photoUrl(id, w)} ${w}w`).join(", "),
    width: largest,
    height: Math.round(largest / ratio),
  };
}
