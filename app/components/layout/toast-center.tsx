import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import type { RootData } from "~/root";

type Flash = NonNullable<RootData>["toast"];

/**
 * The toaster and the toast a redirect left behind (redirectWithToast). The root loads this lazily
 * after hydration: no page needs sonner for its first paint.
 */
export default function ToastCenter({ flash }: { flash: Flash }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? showToast.error : flash.type === "success" ? showToast.success : showToast;
    // A task later, so the Toaster below has subscribed.
    setTimeout(() => show(flash.title, { description: flash.description }), 0);
  }, [flash]);
  // Below the sticky header, so a toast never hides the menu button or the account links.
  return <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} richColors closeButton />;
}
