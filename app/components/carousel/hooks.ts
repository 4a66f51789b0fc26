import { useEffect, useRef, useState } from "react";

/** True when the visitor asked the system for less motion; false on the server and first render. */
function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * The pause rules every carousel here follows (WCAG 2.2.2): auto-advance only while nobody hovers
 * or focuses it, the visitor has not paused it, and the system does not ask for reduced motion.
 */
export function useAutoAdvance({ delayMs, onTick, canRun }: { delayMs: number; onTick: () => void; canRun: boolean }) {
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [mounted, setMounted] = useState(false);
  const tick = useRef(onTick);
  tick.current = onTick;
  useEffect(() => setMounted(true), []);

  const running = mounted && canRun && !reducedMotion && !hovered && !focused && !userPaused;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => tick.current(), delayMs);
    return () => window.clearInterval(id);
  }, [running, delayMs]);

  const containerProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return {
    running,
    /** Whether the pause/play button shows "play": the visitor paused or motion is reduced. */
    stopped: userPaused || reducedMotion,
    reducedMotion,
    toggle: () => setUserPaused((p) => !p),
    containerProps,
  };
}

/** Left/right swipe on touch screens; ignores mostly vertical moves so the page still scrolls. */
export function useSwipe(onLeft: () => void, onRight: () => void, threshold = 40) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      start.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const t = e.changedTouches[0];
      const s = start.current;
      start.current = null;
      if (!t || !s) return;
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) onLeft();
      else onRight();
    },
  };
}

/** Arrow keys move the carousel while focus is inside it (never while typing in a field). */
export function arrowKeyHandler(prev: () => void, next: () => void) {
  return (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest("input, textarea, select, [contenteditable='true']")) return;
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      prev();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      next();
    }
  };
}
