import { Link } from "react-router";
import { quizResultsPath } from "#shared/paths.ts";

/** SPEC.md section 2's empty dashboard: what to do to get a challenge on it. */
export function EmptyChallenges() {
  return (
    <div className="card mt-4 px-6 py-10 text-center sm:px-10">
      <span
        aria-hidden="true"
        className="mx-auto grid size-14 place-items-center rounded-full border border-volt/40 bg-volt/10 font-display text-2xl text-volt"
      >
        0
      </span>
      <h3 className="mt-4 font-display text-3xl uppercase tracking-wide">No Challenges Found</h3>
      <p className="mx-auto mt-2 max-w-md text-muted">Your dashboard fills up once a challenge is set up:</p>
      <ol className="mx-auto mt-5 max-w-sm space-y-3 text-left">
        {[
          "Accept at least one challenge in your results screen.",
          "Complete the challenge workflow.",
          "Set a deadline for each milestone.",
        ].map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-surface-2 text-sm font-bold text-volt">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <Link to={quizResultsPath({ step: 2 })} className="btn-primary mt-8">
        Go to my results
      </Link>
    </div>
  );
}
