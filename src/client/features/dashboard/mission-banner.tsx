import { useLayoutEffect, useRef, useState } from "react";
import type { Dashboard } from "#shared/dashboard/contracts.ts";

const defaultMission =
  "Trade the scroll for the work that matters: show up daily, keep your word to yourself, and build something you are proud of.";

/** A horizontal move this long (px) is a swipe; shorter ones are taps or a scroll that wandered. */
const SWIPE_DISTANCE = 40;

function slidesOf(mission: Dashboard["mission"]) {
  return [
    { title: "My Life Mission", text: mission?.lifeMission || mission?.missionStatement || defaultMission },
    {
      title: "Screen-to-Action Plan",
      text: mission?.screenToActionPlan || "Screen-to-Action Plan will be added later.",
    },
    {
      title: "Accountability Framework",
      text: mission?.accountabilityFramework || "Accountability Framework will be added later.",
    },
  ];
}

/**
 * SPEC.md section 2's mission banner: three slides, dots, a next button that wraps, swipe on touch. The slide
 * glides in, except for visitors who asked for less motion (`motion-reduce:`).
 */
export function MissionBanner({ mission }: { mission: Dashboard["mission"] }) {
  const slides = slidesOf(mission);
  const [current, setCurrent] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const height = useSlideHeight(current);
  const go = (index: number) => setCurrent((index + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Your mission"
      className="relative overflow-hidden rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/15 via-surface to-surface"
    >
      <div
        ref={height.track}
        className="flex touch-pan-y items-start transition-[transform,height] duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${current * 100}%)`, height: height.value }}
        data-testid="mission-track"
        onPointerDown={(event) => {
          if (event.pointerType !== "mouse") swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (start === null) return;
          const distance = event.clientX - start;
          if (Math.abs(distance) >= SWIPE_DISTANCE) go(current + (distance < 0 ? 1 : -1));
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern: a slide is a group, not a form fieldset
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${slide.title}`}
            aria-hidden={index !== current}
            inert={index !== current}
            // Until the track knows the slide's height (the server's HTML, the first render) only the slide on show
            // takes room, so measuring it moves nothing.
            className={`w-full shrink-0 px-6 pt-6 pb-4 sm:px-8 sm:pt-8 ${height.value === undefined && index !== current ? "hidden" : ""}`}
          >
            <h2 className="eyebrow">{slide.title}</h2>
            <p className="mt-3 text-xl font-semibold leading-snug text-balance sm:text-2xl">{slide.text}</p>
          </div>
        ))}
      </div>
      <div className="flex items-center justify-between gap-4 px-6 pb-5 sm:px-8 sm:pb-6">
        <div className="flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              onClick={() => go(index)}
              aria-label={`Show ${slide.title}`}
              aria-current={index === current ? "true" : undefined}
              className="group grid size-8 cursor-pointer place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                  index === current ? "w-6 bg-volt" : "w-2 bg-muted/50 group-hover:bg-muted"
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(current + 1)}
          aria-label="Next slide"
          className="grid size-10 cursor-pointer place-items-center rounded-full border border-line bg-surface/60 text-lg transition hover:border-volt hover:text-volt"
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
    </section>
  );
}

/**
 * The banner is as tall as the slide on show, so a short mission leaves no empty band under it. Until he first turns
 * the slide, only the slide on show takes room (the others are hidden), so the track has that height with nothing
 * measured: the page's first load (the server's HTML, hydrated on a slow phone) forces no layout and no second render
 * (decision 0139). From his first turn on, the slide on show is measured and watched.
 */
function useSlideHeight(current: number) {
  const track = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<number | undefined>(undefined);
  const turned = useRef(false);
  useLayoutEffect(() => {
    if (!turned.current && current === 0) return;
    turned.current = true;
    const slide = track.current?.children[current];
    if (!(slide instanceof HTMLElement)) return;
    const measure = () => setValue(slide.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(slide);
    return () => observer.disconnect();
  }, [current]);
  return { track, value };
}
