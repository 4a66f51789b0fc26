import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Toaster, toast as sonner } from "sonner";
import type { RootData } from "~/root";
import { toast, toasterMounted } from "~/platform/ui/toast";

type Flash = NonNullable<RootData>["toast"];

const shownFlashes = new WeakSet<object>();

/**
 * The toaster and the toast a redirect left behind (redirectWithToast). The root loads this only
 * when a toast is asked for (lib/toast.ts): most visits never download sonner.
 */
export default function ToastCenter({ flash }: { flash: Flash }) {
  // The Toaster below subscribes in its own effect, which React runs before this one.
  useEffect(() => toasterMounted(), []);
  // A toast belongs to the page that raised it: moving on clears it, to another address or to
  // another page of the same one (/admin/…, /eventos?pagina=…). This runs before the flash
  // effect below, so a redirect's own toast survives the navigation that brought it.
  const { pathname, search } = useLocation();
  useEffect(() => {
    sonner.dismiss();
  }, [pathname, search]);
  useEffect(() => {
    // Only on the page it was delivered to (the toaster may load after the visitor moved on), and
    // once: coming back to that page does not raise it again.
    if (!flash || flash.path !== pathname || shownFlashes.has(flash)) return;
    shownFlashes.add(flash);
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast;
    show(flash.title, { description: <FlashDescription flash={flash} /> });
  }, [flash, pathname]);
  // Below the sticky header, so a toast never hides the menu button or the account links.
  return <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} richColors closeButton />;
}

/** The flash's text and its way on, a real link (keyboard, middle click, no JavaScript needed to read it). */
function FlashDescription({ flash }: { flash: NonNullable<Flash> }) {
  return (
    <>
      {flash.description}
      {flash.link ? (
        <>
          {" "}
          <Link to={flash.link.href} className="font-bold underline underline-offset-2">
            {flash.link.label}
          </Link>
        </>
      ) : null}
    </>
  );
}
