/**
 * Where a stored photo is served and in which sizes (browser-safe, and small: the public pages'
 * cards and avatars use it).
 */

/** The crops each kind of photo gets, and the widths served (srcset). */
export const PHOTO_VARIANTS = {
  capa: { ratio: 16 / 9, widths: [640, 1280] },
  perfil: { ratio: 1, widths: [96, 256] },
} as const;
export type PhotoKind = keyof typeof PHOTO_VARIANTS;

/** A stored photo's id: its kind and the hash of its content (so its URLs never change meaning). */
const PHOTO_ID = /^(capa|perfil)-[0-9a-f]{24}$/;
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
