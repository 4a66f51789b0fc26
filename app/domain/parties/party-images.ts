/** Product images for parties without their own (design brief: banners and avatars ship with the product). */
import { PHOTO_VARIANTS, photoKind, photoSources, photoUrl } from "~/platform/images/photo-urls";
const DEFAULT_PARTY_BANNER = "/images/banners/festa.svg";

const DEFAULT_AVATARS = [1, 2, 3, 4].map((n) => `/images/avatars/avatar-${n}.svg`);

/** One of the four default avatars, cycled by the card's position in the list (product-spec §2, Events). */
export function defaultAvatar(index: number): string {
  return DEFAULT_AVATARS[((index % 4) + 4) % 4]!;
}

/** A party's cover: the creator's photo (WebP widths with srcset) or the product's banner. */
export function partyCover(coverPhotoKey: string | null | undefined): { src: string; srcSet?: string; width: number; height: number } {
  const photo = coverPhotoKey ? photoSources(coverPhotoKey) : null;
  return photo ?? { src: DEFAULT_PARTY_BANNER, width: 640, height: 320 };
}

/** The small version of a person's uploaded photo, or null. */
export function photoAvatarUrl(photoKey: string | null | undefined): string | null {
  return photoKey && photoKind(photoKey) === "perfil" ? photoUrl(photoKey, PHOTO_VARIANTS.perfil.widths[1]!) : null;
}

/** A person's picture: their uploaded photo, else the image their account came with, else a default avatar. */
export function personAvatar(photoKey: string | null | undefined, image: string | null | undefined, seed: string): string {
  if (photoKey && photoKind(photoKey)) return photoUrl(photoKey, PHOTO_VARIANTS.perfil.widths[0]!);
  if (image) return image;
  let n = 0;
  for (const ch of seed) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return defaultAvatar(n);
}
