import { useEffect } from "react";
import { Toaster } from "sonner";
import type { RootData } from "~/root";
import { toast, toasterMounted } from "~/lib/toast";

type Flash = NonNullable<RootData>["toast"];

/**
 * The toaster and the toast a redirect left behind (redirectWithToast). The root loads this only
 * when a toast is asked for (lib/toast.ts): most visits never download sonner.
 */
export default function ToastCenter({ flash }: { flash: Flash }) {
  // The Toaster below subscribes in its own effect, which React runs before this one.
  useEffect(() => toasterMounted(), []);
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast;
    show(flash.title, { description: flash.description });
  }, [flash]);
  // Below the sticky header, so a toast never hides the menu button or the account links.
  return <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} richColors closeButton />;
}
