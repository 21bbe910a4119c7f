import { Link } from "react-router";
import { fromStrava } from "#client/components/activity-source.ts";
import { ActivitySummary } from "#client/components/activity-summary.tsx";
import { SelfReported } from "#client/components/self-reported.tsx";
import { formatMinutes } from "#shared/minutes.ts";
import { paths } from "#shared/paths.ts";
import type { OnboardingState, RunValidation } from "#shared/run-challenge/contracts.ts";
import { minutesShortOfTarget, targetMinutes } from "#shared/run-challenge/rules.ts";

/** The step after the run: the quiz until a plan exists, then the dashboard. */
function nextStep(state: OnboardingState) {
  return state.latestQuiz?.status === "analyzed"
    ? { to: paths.dashboard, label: "Go to your dashboard" }
    : { to: paths.welcome, label: "Continue to the quiz" };
}

/**
 * The moment he ran: the file's start when a file proved it (he may upload days later; issue 35 row 4), else the day he
 * typed it in, the only date a typed run has. Shown on his own clock, as the file's card below shows the same start.
 */
const ranAt = (run: RunValidation) => run.activity?.startedAt ?? run.createdAt;
const ranOn = (run: RunValidation) =>
  new Date(ranAt(run)).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/**
 * The run challenge once validated: the run as stored, measured against the target it was validated with, and the
 * way on. Both challenge screens show it instead of their countdown and form, so onboarding is visibly over.
 */
export function AlreadyValidated({ state, run }: { state: OnboardingState; run: RunValidation }) {
  const target = targetMinutes(run.previousMaxDuration);
  const short = minutesShortOfTarget(run.todayDuration, target);
  const next = nextStep(state);
  return (
    <section
      aria-labelledby="run-validated-heading"
      className="mt-8 rounded-2xl border border-success/40 bg-success/10 px-5 py-6"
      data-testid="run-validated"
    >
      <h2 id="run-validated-heading" className="flex items-center gap-3 font-display text-3xl uppercase tracking-wide">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-success text-base text-ink"
        >
          ✓
        </span>
        Run validated
      </h2>
      <p className="mt-4 text-lg">
        You ran <strong>{formatMinutes(run.todayDuration)}</strong> on <time dateTime={ranAt(run)}>{ranOn(run)}</time>.
      </p>
      <p className="mt-1 text-muted">
        {short === 0
          ? `Your target of ${formatMinutes(target)}: reached.`
          : `${formatMinutes(short)} short of your ${formatMinutes(target)} target. It still counts: you went out and did it honestly.`}
      </p>
      <p className="mt-1 text-muted">Your first challenge is complete; the clock has stopped.</p>
      {run.activity ? null : <SelfReported detail="the minutes you typed, no activity file" className="mt-4" />}
      {run.activity && (
        <div className="mt-5 rounded-xl border border-line bg-ink/40 p-4">
          <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-success">
            {fromStrava(run.activity) ? "✓ Proved by your run from Strava" : "✓ Proved by your activity file"}
          </p>
          <ActivitySummary activity={run.activity} />
        </div>
      )}
      <Link to={next.to} className="btn-primary mt-6 w-full sm:w-auto">
        {next.label}
      </Link>
    </section>
  );
}
