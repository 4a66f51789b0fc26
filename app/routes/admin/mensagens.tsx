import type { Route } from "./+types/mensagens";
import { MessagesTab } from "~/components/admin/messages";
import { loadMessages, markMessageAnsweredAction } from "~/domain/admin/messages.server";
import { adminAction, adminLoader } from "./kit.server";

export const loader = adminLoader((url) => loadMessages(url));

export const action = adminAction({
  markMessageAnswered: markMessageAnsweredAction,
});

export default function AdminTabRoute({ loaderData }: Route.ComponentProps) {
  return <MessagesTab data={loaderData} />;
}
