import { asc, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

const { testimonials } = schema;

/** Published testimonials in the admins' order; `limit` for the home page's short list. */
export async function listActiveTestimonials(limit?: number) {
  const query = db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      type: testimonials.type,
      quote: testimonials.quote,
      event: testimonials.event,
      impact: testimonials.impact,
    })
    .from(testimonials)
    .where(eq(testimonials.active, true))
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt));
  return limit ? query.limit(limit) : query;
}
