/** Product images for parties without their own (design brief: banners and avatars ship with the product). */
export const DEFAULT_PARTY_BANNER = "/images/banners/festa.svg";

const DEFAULT_AVATARS = [1, 2, 3, 4].map((n) => `/images/avatars/avatar-${n}.svg`);

/** One of the four default avatars, cycled by the card's position in the list (product-spec §2, Events). */
export function defaultAvatar(index: number): string {
  return DEFAULT_AVATARS[((index % 4) + 4) % 4]!;
}
