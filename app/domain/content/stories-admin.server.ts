/** Stories as admins manage them (all of them, active or not). */
import { asc, desc, eq } from "drizzle-orm";
import { db, type Executor, schema } from "~/platform/db.server";

const { stories } = schema;

export async function listAllStories() {
  return db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      imageUrl: stories.imageUrl,
      active: stories.active,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .orderBy(desc(stories.createdAt), asc(stories.title));
}

export async function insertStory(executor: Executor, input: { title: string; description: string; imageUrl: string | null }) {
  const [row] = await executor.insert(stories).values(input).returning({ id: stories.id, title: stories.title });
  return row!;
}

/** Returns the story's title, or null when it no longer exists. */
export async function updateStoryActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(stories).set({ active }).where(eq(stories.id, id)).returning({ title: stories.title });
  return row ?? null;
}

/** Returns the deleted story's title, or null when it was already gone. */
export async function deleteStoryRow(executor: Executor, id: string) {
  const [row] = await executor.delete(stories).where(eq(stories.id, id)).returning({ title: stories.title });
  return row ?? null;
}
