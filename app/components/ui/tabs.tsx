import { cn } from "~/platform/ui/cn";

/** Link-styled tabs for tabs that live in the URL (work without JavaScript). */
export function tabLinkClass(active: boolean) {
  return cn("rounded-xl px-4 py-2 text-sm font-bold", active ? "bg-white text-indigo-800 shadow-soft" : "text-muted hover:text-indigo-800");
}
