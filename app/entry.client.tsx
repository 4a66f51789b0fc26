import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the page: let the browser paint it before hydration takes the main thread.
// When the scripts arrive with the HTML (cached, or a fast network) they would otherwise run first
// and a slow phone shows nothing until React is done. rAF fires just before the next paint and
// the timeout after it; a hidden tab does not paint, so it hydrates at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
