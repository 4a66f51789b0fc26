/** Who a testimonial comes from (spec: home page testimonials). */
export const TESTIMONIAL_TYPES = ["Festeiro Solidário", "Beneficiado", "Assinante do Bem"] as const;

/** The pages a sponsor ad can be placed on. */
export const AD_PLACEMENTS = ["home", "causas", "eventos", "transparencia", "historias", "festa", "doar"] as const;
