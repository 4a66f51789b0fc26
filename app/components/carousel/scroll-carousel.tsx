import { useCallback, useRef } from "react";
import { arrowKeyHandler, useAutoAdvance } from "./hooks";
import { CarouselButton, PlayPauseButton } from "./controls";

/**
 * A row of cards on CSS scroll snap: swiping, trackpads and tabbing through the cards work
 * natively (also without JavaScript); the script only adds auto-advance and the buttons.
 */
export function ScrollCarousel({ label, delayMs, children }: { label: string; delayMs: number; children: React.ReactNode[] }) {
  const track = useRef<HTMLUListElement>(null);
  const auto = useAutoAdvance({ delayMs, onTick: () => move(1), canRun: children.length > 1 });

  const move = useCallback(
    (direction: 1 | -1) => {
      const el = track.current;
      if (!el) return;
      const first = el.firstElementChild as HTMLElement | null;
      const step = first ? first.offsetWidth + parseFloat(getComputedStyle(el).columnGap || "0") : el.clientWidth;
      const behavior: ScrollBehavior = auto.reducedMotion ? "auto" : "smooth";
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
      const atStart = el.scrollLeft <= 4;
      if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior });
      else if (direction === -1 && atStart) el.scrollTo({ left: el.scrollWidth, behavior });
      else el.scrollBy({ left: direction * step, behavior });
    },
    [auto.reducedMotion],
  );
  const next = () => move(1);
  const prev = () => move(-1);

  return (
    <div role="region" aria-roledescription="carrossel" aria-label={label} {...auto.containerProps} onKeyDown={arrowKeyHandler(prev, next)}>
      <ul ref={track} className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 [scrollbar-width:thin]">
        {children.map((child, i) => (
          <li key={i} className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)] lg:w-[calc(33.333%-0.67rem)]">
            {child}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-end gap-2">
        <CarouselButton direction="prev" label={`${label}: anterior`} onClick={prev} />
        <CarouselButton direction="next" label={`${label}: próximo`} onClick={next} />
        {auto.reducedMotion ? null : <PlayPauseButton stopped={auto.stopped} onClick={auto.toggle} what={label.toLowerCase()} />}
      </div>
    </div>
  );
}
