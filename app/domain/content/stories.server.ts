import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/platform/db.server";

const { stories } = schema;

/** Stories the admins switched on, newest first (admin list and toggles live with issue #7). */
export async function listActiveStories() {
  return db
    .select({ id: stories.id, title: stories.title, description: stories.description, imageUrl: stories.imageUrl })
    .from(stories)
    .where(eq(stories.active, true))
    .orderBy(desc(stories.createdAt));
}
