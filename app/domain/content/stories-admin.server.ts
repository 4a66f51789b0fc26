/**
 * Stories as admins manage them (all of them, active or not): the Histórias tab's list and its
 * audited changes, each in one transaction with its audit entry.
 */
import { asc, desc, eq } from "drizzle-orm";
import { auditedChange } from "~/platform/audit.server";
import { db, type Executor, schema } from "~/platform/db.server";

const { stories } = schema;

async function listAllStories() {
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

async function insertStory(executor: Executor, input: { title: string; description: string; imageUrl: string | null }) {
  const [row] = await executor.insert(stories).values(input).returning({ id: stories.id, title: stories.title });
  return row!;
}

/** Returns the story's title, or null when it no longer exists. */
async function updateStoryActive(executor: Executor, id: string, active: boolean) {
  const [row] = await executor.update(stories).set({ active }).where(eq(stories.id, id)).returning({ title: stories.title });
  return row ?? null;
}

/** Returns the deleted story's title, or null when it was already gone. */
async function deleteStoryRow(executor: Executor, id: string) {
  const [row] = await executor.delete(stories).where(eq(stories.id, id)).returning({ title: stories.title });
  return row ?? null;
}

/** The Histórias tab: every story, newest first. */
export async function loadStoriesPanel() {
  return { stories: await listAllStories() };
}

type StoryInput = { title: string; description: string; imageUrl: string | null };

export async function createStory(actorUserId: string, input: StoryInput) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const story = await insertStory(tx, input);
    await audit({ action: "story.create", entity: "story", entityId: story.id, details: input });
    return story;
  });
}

/** The "Ativa" switch: the story's title, or null when it no longer exists. */
export async function setStoryActive(actorUserId: string, id: string, active: boolean) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await updateStoryActive(tx, id, active);
    if (row)
      await audit({ action: active ? "story.activate" : "story.deactivate", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
}

/** The deleted story's title, or null when it was already gone. */
export async function deleteStory(actorUserId: string, id: string) {
  return auditedChange(actorUserId, async (tx, audit) => {
    const row = await deleteStoryRow(tx, id);
    if (row) await audit({ action: "story.delete", entity: "story", entityId: id, details: { title: row.title } });
    return row;
  });
}
