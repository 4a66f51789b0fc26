/**
 * Toasts for the browser without sonner (~10 KB gzip) on every visit: the root mounts the toaster
 * only once a toast is asked for (here, or a flash toast from a redirect), and a toast asked for
 * before the toaster listens waits for it instead of being lost. Same call shape as sonner's
 * `toast`, for the kinds we use.
 */
type Options = { description?: React.ReactNode };
type Kind = "message" | "success" | "error";

let requested = false;
let onRequest: (() => void) | undefined;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** The root's hook into toast requests: `mount` renders the toaster. */
export function whenToastRequested(mount: () => void) {
  onRequest = mount;
  if (requested) mount();
}

/** Called by the toaster once it listens (components/layout/toast-center.tsx). */
export function toasterMounted() {
  markMounted();
}

function show(kind: Kind, title: string, options?: Options) {
  requested = true;
  onRequest?.();
  // A toast belongs to the page that asked for it: if the visitor moved on while the toaster was
  // still loading (a slow phone), it is dropped rather than shown over the next page.
  const askedOn = window.location.pathname;
  void mounted
    .then(() => import("sonner"))
    .then(({ toast: sonner }) => {
      if (window.location.pathname !== askedOn) return;
      if (kind === "message") sonner(title, options);
      else sonner[kind](title, options);
    });
}

export const toast = Object.assign((title: string, options?: Options) => show("message", title, options), {
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
});
