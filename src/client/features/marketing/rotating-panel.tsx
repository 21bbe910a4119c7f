import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";

/** SPEC.md section 9: the landing panel changes every 4 seconds. */
const PANEL_INTERVAL_MS = 4000;

const PANELS = [
  {
    title: "Discover Your Core",
    text: "Five honest questions. One life mission that is actually yours — not borrowed from someone's feed.",
  },
  {
    title: "Transform Daily",
    text: "Three challenges broken into milestones and to-dos small enough to start today, not someday.",
  },
  {
    title: "Track Evolution",
    text: "Every milestone you hit stays on the board. Proof, not promises — in your own handwriting.",
  },
] as const;

/**
 * Rotating banner of what the program gives you. It pauses while hovered, while keyboard focus
 * is inside, and with its pause button (WCAG 2.2.2), and stays still for visitors who prefer reduced motion
 * until they press play.
 */
export function RotatingPanel() {
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const [held, setHeld] = useState(false);
  const paused = pausedByUser ?? reducedMotion;
  const running = !paused && !held;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new panel (also one picked by hand) gets a full 4 s.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % PANELS.length), PANEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, active]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="What you get"
      className="relative overflow-hidden rounded-3xl border border-line bg-surface p-5 sm:p-7"
      onPointerEnter={(event) => event.pointerType === "mouse" && setHeld(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHeld(false)}
      // Keyboard focus inside holds the panel still; a mouse click on a control does not.
      onFocus={(event) => event.target.matches(":focus-visible") && setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="flex items-center gap-3">
        <div className="grid flex-1 grid-cols-3 gap-2">
          {PANELS.map((panel, index) => (
            <button
              key={panel.title}
              type="button"
              aria-current={index === active ? "true" : undefined}
              onClick={() => setActive(index)}
              className="group cursor-pointer py-3 text-left"
            >
              <span className="block h-1 overflow-hidden rounded-full bg-line">
                {index < active && <span className="block h-full w-full bg-volt/60" />}
                {index === active && (
                  <span
                    key={`${active}-${running}`}
                    className={`block h-full w-full origin-left bg-volt ${running ? "motion-safe:animate-fill" : ""}`}
                  />
                )}
              </span>
              <span
                className={`mt-2 block text-[0.7rem] font-bold uppercase tracking-[0.18em] transition ${
                  index === active ? "text-text" : "text-muted group-hover:text-text"
                }`}
              >
                0{index + 1}
                <span className="sr-only"> {panel.title}</span>
              </span>
            </button>
          ))}
        </div>
        <button
          type="button"
          // The button shows and flips the visitor's own choice; a hover or focus hold is not a choice, and reading it
          // here made a mouse click on "Pause" (which first hovers the panel) resume instead.
          onClick={() => setPausedByUser(!paused)}
          aria-label={paused ? "Play rotation" : "Pause rotation"}
          className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full border border-line text-text transition hover:border-muted"
        >
          {!paused ? (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
              <rect x="6" y="5" width="4" height="14" rx="1" />
              <rect x="14" y="5" width="4" height="14" rx="1" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
            </svg>
          )}
        </button>
      </div>
      {/* Fixed height for the longest slide, so rotating never moves the page below. */}
      <div aria-live={running ? "off" : "polite"} className="mt-4 grid">
        {PANELS.map((panel, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups, not fieldsets.
          <div
            key={panel.title}
            role="group"
            aria-roledescription="slide"
            aria-label={panel.title}
            aria-hidden={index !== active}
            className={`col-start-1 row-start-1 transition-opacity duration-500 ${
              index === active ? "opacity-100" : "invisible opacity-0"
            }`}
          >
            <p className="font-display text-heading uppercase text-text">{panel.title}</p>
            <p className="mt-3 max-w-xl text-base leading-7 text-muted sm:text-lg">{panel.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
