import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { CHALLENGE_WINDOW_HOURS, RUN_FLOOR_MINUTES } from "#shared/run-challenge/rules.ts";
import { FounderVideo } from "../features/marketing/founder-video.tsx";
import { config } from "../lib/config.ts";
import { CHALLENGE_RULES } from "../lib/run-rules.ts";

export function meta() {
  return [
    { title: `The Challenge: run longer than ever — ${config.appName}` },
    {
      name: "description",
      content: `Your first challenge: run 1.5 times your longest run (${RUN_FLOOR_MINUTES} minutes if you never ran). Alone, no audio, airplane mode. ${CHALLENGE_WINDOW_HOURS} hours after accepting.`,
    },
  ];
}

const EXAMPLES = [
  { before: "Longest run 1 hour", after: "1 h 30" },
  { before: "Longest run 2 hours", after: "3 h" },
  { before: "Never ran", after: `${RUN_FLOOR_MINUTES} min` },
] as const;

export default function ChallengePage() {
  return (
    <main>
      <section className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_28rem_at_15%_-10%,rgb(200_255_46/0.13),transparent_60%)]"
        />
        <div className="page-container grid gap-10 pt-8 pb-12 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-14">
          <div>
            <p className="eyebrow">
              <span aria-hidden="true" className="inline-block h-px w-8 bg-volt" />
              The first challenge
            </p>
            <h1 className="mt-5 font-display text-hero uppercase lg:text-[6rem]">
              Run longer than <span className="text-volt">ever before</span>
            </h1>
            <p className="mt-5 max-w-xl text-lead text-muted sm:mt-6 sm:text-xl sm:leading-8">
              Distance doesn't matter. Pace doesn't matter. Time on your feet does: you run one and a half times your
              longest run ever — and if you've never run, at least {RUN_FLOOR_MINUTES} minutes.
            </p>
            {/* The sign-up in the first screen, above the cookie card; the same link closes the page (issue 53 row 8). */}
            <Link to={paths.signup} className="btn-primary btn-lg mt-6 w-full sm:mt-8 sm:w-auto">
              Challenge Accepted
            </Link>
            <ul className="mt-6 grid grid-cols-3 gap-2 sm:mt-8 sm:gap-3">
              {EXAMPLES.map((example) => (
                <li key={example.before} className="rounded-2xl border border-line bg-surface p-3 sm:p-4">
                  <p className="text-xs leading-5 text-muted sm:text-sm">{example.before}</p>
                  <p className="mt-1 font-display text-xl uppercase tracking-wide text-text sm:text-2xl">
                    <span aria-hidden="true" className="text-volt">
                      →{" "}
                    </span>
                    {example.after}
                  </p>
                </li>
              ))}
            </ul>
          </div>
          <FounderVideo />
        </div>
      </section>

      <section aria-labelledby="rules-title" className="border-t border-line bg-surface/40 py-14 sm:py-20">
        <div className="page-container">
          <p className="eyebrow">Non-negotiable</p>
          <h2 id="rules-title" className="mt-3 font-display text-title uppercase">
            The four rules
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2">
            {CHALLENGE_RULES.map((rule, index) => (
              <li key={rule.title} className="card flex gap-5 p-6">
                <span aria-hidden="true" className="w-12 shrink-0 font-display text-4xl leading-none text-volt">
                  0{index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-bold text-text">{rule.title}</h3>
                  <p className="mt-1 leading-7 text-muted">{rule.detail}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="clock-title" className="border-t border-line py-16 sm:py-24">
        <div className="page-container max-w-3xl text-center">
          <p className="font-display text-[clamp(5rem,28vw,11rem)] leading-none text-volt" aria-hidden="true">
            {CHALLENGE_WINDOW_HOURS}h
          </p>
          <h2 id="clock-title" className="mt-4 font-display text-heading uppercase">
            You have {CHALLENGE_WINDOW_HOURS} hours after accepting
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lead text-muted">
            The countdown starts the moment you accept. Create a free account, pick your window, run, then log your time
            and a few words about how it went.
          </p>
          <Link to={paths.signup} className="btn-primary btn-lg mt-9 w-full sm:w-auto">
            Challenge Accepted
          </Link>
          <p className="mt-3 text-sm text-muted">Free account. No credit card. 18+.</p>
        </div>
      </section>
    </main>
  );
}
