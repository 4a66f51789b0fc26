/** Who a testimonial comes from (spec: home page testimonials). */
export const TESTIMONIAL_TYPES = ["Festeiro Solidário", "Beneficiado", "Assinante do Bem"] as const;

/** The pages a sponsor ad can be placed on. */
/**
 * Where a sponsor's ad may appear. Never on a page where the visitor pays (/doar, the Pix page,
 * the checkout and result pages): nothing beside the money but the money (issue 33).
 */
export const AD_PLACEMENTS = ["home", "causas", "eventos", "transparencia", "historias", "festa"] as const;
