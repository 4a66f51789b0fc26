import { useCallback, useState } from "react";
import { Link } from "react-router";
import { arrowKeyHandler, useAutoAdvance, useSwipe } from "~/components/carousel/hooks";
import { CarouselButton, PlayPauseButton } from "~/components/carousel/controls";
import { cn } from "~/platform/ui/cn";
import { HeroArt } from "./hero-art";

export type HeroSlide = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
  art: "party" | "hearts" | "calendar";
};

/**
 * Every slide is rendered on the server, stacked in one grid cell: the box takes the tallest
 * slide's height, so nothing shifts when slides change or when JavaScript arrives. Hidden slides
 * are `invisible`, which also takes them out of the tab order and the accessibility tree.
 */
export function HeroCarousel({ slides, note, heading }: { slides: HeroSlide[]; note: string; heading: string }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const prev = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);
  const auto = useAutoAdvance({ delayMs: 5_000, onTick: next, canRun: count > 1 });
  const swipe = useSwipe(next, prev);

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques"
      className="relative overflow-hidden bg-gradient-to-br from-coral-50 via-cream to-indigo-50"
      {...auto.containerProps}
      {...swipe}
      onKeyDown={arrowKeyHandler(prev, next)}
    >
      {/* The page's h1 stays put while slides rotate (a hidden slide's heading is not announced). */}
      <h1 className="sr-only">{heading}</h1>
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 md:pt-16">
        <div className="grid" aria-live={auto.running ? "off" : "polite"}>
          {slides.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.id}
                id={`destaque-${slide.id}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} de ${count}`}
                className={cn(
                  "col-start-1 row-start-1 grid items-center gap-8 transition-[opacity,visibility] duration-500 md:grid-cols-[1.2fr_1fr]",
                  active ? "visible opacity-100" : "invisible opacity-0",
                )}
              >
                <div>
                  <p className="text-sm font-bold tracking-wide text-coral-700 uppercase">{slide.eyebrow}</p>
                  <h2 className="mt-2 text-4xl leading-tight md:text-6xl">{slide.title}</h2>
                  <p className="mt-4 max-w-xl text-lg text-muted md:text-xl">{slide.text}</p>
                  <div className="mt-8 flex flex-wrap gap-3">
                    <Link
                      to={slide.primary.to}
                      className="inline-flex h-13 items-center rounded-full bg-coral-600 px-7 text-lg font-bold text-white shadow-soft hover:bg-coral-700"
                    >
                      {slide.primary.label}
                    </Link>
                    {slide.secondary ? (
                      <Link
                        to={slide.secondary.to}
                        className="inline-flex h-13 items-center rounded-full border-2 border-indigo-700 bg-white px-7 text-lg font-bold text-indigo-700 hover:bg-indigo-50"
                      >
                        {slide.secondary.label}
                      </Link>
                    ) : null}
                  </div>
                </div>
                <HeroArt variant={slide.art} className="hidden justify-self-center md:block" />
              </div>
            );
          })}
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm font-semibold text-indigo-800">{note}</p>
          <div className="flex items-center gap-2">
            <CarouselButton direction="prev" label="Slide anterior" onClick={prev} />
            <div className="flex items-center">
              {slides.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  aria-label={`Ir para o slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? "true" : undefined}
                  aria-controls={`destaque-${slide.id}`}
                  onClick={() => setIndex(i)}
                  className="flex h-11 w-8 items-center justify-center"
                >
                  <span
                    className={cn("block h-2.5 rounded-full transition-all", i === index ? "w-6 bg-coral-600" : "w-2.5 bg-indigo-600/40")}
                  />
                </button>
              ))}
            </div>
            <CarouselButton direction="next" label="Próximo slide" onClick={next} />
            {auto.reducedMotion ? null : <PlayPauseButton stopped={auto.stopped} onClick={auto.toggle} what="apresentação" />}
          </div>
        </div>
      </div>
    </section>
  );
}
