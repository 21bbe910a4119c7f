import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { CHALLENGE_WINDOW_HOURS } from "#shared/run-challenge/rules.ts";
import { RotatingPanel } from "./rotating-panel.tsx";

const PAINS = [
  {
    title: "Overwhelm",
    text: "Too many goals, too much advice, no idea where to start. So you start nothing — and open the app again.",
  },
  {
    title: "Distraction",
    text: "Every spare minute goes to the feed. You close it feeling worse and can't name one thing you saw.",
  },
  {
    title: "Isolation",
    text: "Always connected, never really there. You watch other men live while your own plans wait for Monday.",
  },
] as const;

const STEPS = [
  {
    title: "Complete the Challenge",
    text: "Run longer than you ever have — alone, no audio, phone in airplane mode. The first promise you keep to yourself.",
  },
  {
    title: "Discover Your Mission",
    text: "Answer five honest questions. Get a life mission and three challenges with clear milestones, built from your answers.",
  },
  {
    title: "Track Progress",
    text: "Set deadlines, tick off milestones, generate to-dos when you're stuck. Watch the bar move — because you moved it.",
  },
] as const;

const NOT_FOR = [
  "You want a quick fix or a 30-day glow-up.",
  "You'd rather read about discipline than practise it.",
  "You need an audience to do hard things.",
];

const FOR = [
  "You're tired of being the guy who'll start on Monday.",
  "You'll keep moving when it gets uncomfortable.",
  "You want proof — from yourself — that you're more than your screen time.",
];

/** `notice`: a line for this visit only (the e-mail just confirmed), above the headline on the hero's background. */
export function Hero({ notice }: { notice?: React.ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgb(200_255_46/0.14),transparent_60%),linear-gradient(to_bottom,transparent,var(--color-ink))]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 opacity-[0.07] [background-image:linear-gradient(var(--color-text)_1px,transparent_1px),linear-gradient(90deg,var(--color-text)_1px,transparent_1px)] [background-size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]"
      />
      {notice}
      <div className="page-container grid gap-10 pt-8 pb-14 sm:pt-20 lg:grid-cols-[1.25fr_1fr] lg:items-end lg:gap-14 lg:pb-20">
        <div>
          <p className="eyebrow">
            <span aria-hidden="true" className="inline-block h-px w-8 bg-volt" />
            For men done with the endless feed
          </p>
          <h1 className="mt-5 font-display text-hero uppercase">
            You Know You're Capable of <span className="text-volt">More</span>
          </h1>
          <p className="mt-5 max-w-xl text-lead text-muted sm:mt-6 sm:text-xl sm:leading-8">
            Hours vanish into the feed every day — other men's lives, other men's wins.{" "}
            <strong className="font-semibold text-text">Unscroll</strong> trades the scroll for one hard, real thing,
            then turns it into a mission you'll actually chase.
          </p>
          {/* Below lg the box comes a screen later: the call to action repeats here so a phone shows it at once, above
              the cookie card (issue 53 row 8). */}
          <Link to={paths.challengePage} className="btn-primary btn-lg mt-6 w-full sm:w-auto lg:hidden">
            TAKE THE CHALLENGE
          </Link>
        </div>
        <ChallengeBox />
      </div>
      <div className="page-container pb-16 sm:pb-24">
        <RotatingPanel />
      </div>
    </section>
  );
}

/** "The box": the first challenge in one glance, with the main call to action. */
function ChallengeBox() {
  return (
    <div className="relative rounded-3xl border border-volt/40 bg-surface/90 p-6 shadow-[0_24px_80px_-32px_rgb(200_255_46/0.35)] sm:p-8">
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-muted">Your first challenge</p>
      <p className="mt-3 font-display text-3xl uppercase leading-none sm:text-4xl">Run longer than you ever have.</p>
      <ul className="mt-5 space-y-2 text-sm text-text/90 sm:text-base">
        <li className="flex gap-3">
          <Check /> Distance doesn't matter. Time does.
        </li>
        <li className="flex gap-3">
          <Check /> Alone. No audio. Phone in airplane mode.
        </li>
        <li className="flex gap-3">
          <Check /> {CHALLENGE_WINDOW_HOURS} hours from the moment you accept.
        </li>
      </ul>
      <Link to={paths.challengePage} className="btn-primary btn-lg mt-7 w-full">
        TAKE THE CHALLENGE
      </Link>
      <p className="mt-3 text-center text-xs text-muted">Free to start. No credit card.</p>
    </div>
  );
}

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-volt">
      <path d="M8.2 13.6 4.9 10.3a1 1 0 1 0-1.4 1.4l4 4a1 1 0 0 0 1.4 0l8-8a1 1 0 0 0-1.4-1.4l-7.3 7.3Z" />
    </svg>
  );
}

function SectionHeading({ eyebrow, title, id }: { eyebrow: string; title: string; id: string }) {
  return (
    <div>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="mt-3 max-w-3xl font-display text-title uppercase">
        {title}
      </h2>
    </div>
  );
}

export function Pains() {
  return (
    <section aria-labelledby="pains-title" className="border-t border-line bg-surface/40 py-16 sm:py-24">
      <div className="page-container">
        <SectionHeading id="pains-title" eyebrow="Sound familiar?" title="The scroll is winning" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {PAINS.map((pain, index) => (
            <li key={pain.title} className="card relative overflow-hidden p-6">
              <span aria-hidden="true" className="absolute -top-4 -right-1 font-display text-8xl text-line/60">
                {index + 1}
              </span>
              <h3 className="relative font-display text-3xl uppercase tracking-wide text-text">{pain.title}</h3>
              <p className="relative mt-3 leading-7 text-muted">{pain.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Steps() {
  return (
    <section aria-labelledby="steps-title" className="py-16 sm:py-24">
      <div className="page-container">
        <SectionHeading id="steps-title" eyebrow="How it works" title="Three steps. No shortcuts." />
        <ol className="mt-10 grid gap-4 lg:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-5 rounded-2xl border border-line p-6 lg:flex-col">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-volt font-display text-xl text-ink"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-xl font-bold text-text">{step.title}</h3>
                <p className="mt-2 leading-7 text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <Link to={paths.challengePage} className="btn-primary btn-lg w-full sm:w-auto">
            TAKE THE CHALLENGE
          </Link>
        </div>
      </div>
    </section>
  );
}

export function NotForEveryone() {
  return (
    <section aria-labelledby="not-for-everyone-title" className="border-t border-line bg-surface/40 py-16 sm:py-24">
      <div className="page-container">
        <SectionHeading id="not-for-everyone-title" eyebrow="Straight talk" title="This Isn't For Everyone" />
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          <div className="card p-6 sm:p-8">
            <h3 className="text-sm font-bold uppercase tracking-[0.18em] text-muted">Skip it if</h3>
            <ul className="mt-5 space-y-4">
              {NOT_FOR.map((line) => (
                <li key={line} className="flex gap-3 leading-7 text-muted">
                  <span aria-hidden="true" className="mt-[0.7rem] h-0.5 w-3 shrink-0 bg-muted" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <div className="card border-volt/40 p-6 sm:p-8">
            <h3 className="text-sm font-bold uppercase tracking-[0.18em] text-volt">It's for you if</h3>
            <ul className="mt-5 space-y-4">
              {FOR.map((line) => (
                <li key={line} className="flex gap-3 leading-7 text-text">
                  <Check />
                  {line}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ClosingCall() {
  return (
    <section aria-labelledby="closing-title" className="relative isolate overflow-hidden py-20 sm:py-28">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_50%_100%,rgb(200_255_46/0.16),transparent_70%)]"
      />
      <div className="page-container text-center">
        <h2 id="closing-title" className="mx-auto max-w-3xl font-display text-title uppercase">
          The feed will still be there. <span className="text-volt">Will you?</span>
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lead text-muted">
          One run. {CHALLENGE_WINDOW_HOURS} hours. Airplane mode on, laces tight — find out what you're made of.
        </p>
        <Link to={paths.challengePage} replace className="btn-primary btn-lg mt-9 w-full sm:w-auto">
          Let's Dive In
        </Link>
      </div>
    </section>
  );
}
