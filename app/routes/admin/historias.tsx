import type { Route } from "./+types/historias";
import { StoriesTab } from "~/components/admin/stories";
import { createStoryAction, deleteStoryAction, loadStories, toggleStoryAction } from "~/domain/admin/stories.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader(() => loadStories());

export const action = adminAction({
  createStory: createStoryAction,
  toggleStory: toggleStoryAction,
  deleteStory: deleteStoryAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <StoriesTab data={loaderData} />;
}
