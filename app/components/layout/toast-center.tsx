import { useEffect } from "react";
import { useLocation } from "react-router";
import { Toaster, toast as sonner } from "sonner";
import type { RootData } from "~/root";
import { toast, toasterMounted } from "~/platform/ui/toast";

type Flash = NonNullable<RootData>["toast"];

/**
 * The toaster and the toast a redirect left behind (redirectWithToast). The root loads this only
 * when a toast is asked for (lib/toast.ts): most visits never download sonner.
 */
export default function ToastCenter({ flash }: { flash: Flash }) {
  // The Toaster below subscribes in its own effect, which React runs before this one.
  useEffect(() => toasterMounted(), []);
  // A toast belongs to the page that raised it: moving on clears it. This runs before the flash
  // effect below, so a redirect's own toast survives the navigation that brought it.
  const { pathname } = useLocation();
  useEffect(() => {
    sonner.dismiss();
  }, [pathname]);
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast;
    show(flash.title, { description: flash.description });
  }, [flash]);
  // Below the sticky header, so a toast never hides the menu button or the account links.
  return <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} richColors closeButton />;
}
