/**
 * What changes a party's generated image (its updated_at and its total): the og:image URL carries
 * it, so caches see a new address when the party changes. Browser-safe: the page's meta builds it.
 */
export function previewVersion(party: { updatedAt: Date | string; raisedCents: number; paidCount: number }) {
  return `${new Date(party.updatedAt).getTime().toString(36)}-${party.raisedCents.toString(36)}-${party.paidCount.toString(36)}`;
}
