import { Link } from "react-router";
import type { AddChallenge } from "#shared/dashboard/contracts.ts";
import { quizResultsPath } from "#shared/paths.ts";

const ordinals = ["first", "second", "third"];

/** 'Add your second challenge': the challenge the next one will be, as a man counts his own (issue 53 row 3). */
function addChallengeLabel(add: AddChallenge) {
  const n = add.active + 1;
  const ordinal = ordinals[n - 1];
  return ordinal ? `Add your ${ordinal} challenge` : `Add challenge ${n}`;
}

const linkStyle =
  "inline-flex min-h-11 items-center rounded-full border border-volt/50 bg-volt/10 px-4 text-sm font-semibold text-volt transition hover:bg-volt hover:text-ink";

/**
 * Issue 35 row 1: a premium member's way back to his plan's challenge list, where one tap on ACCEPT adds the next
 * challenge and NEXT sets it up (decision 0118). Shown only while the server says he can add one.
 */
export function AddChallengeLink({ add }: { add: AddChallenge }) {
  return (
    <Link to={quizResultsPath({ responseId: add.responseId, step: 2 })} className={linkStyle}>
      <span aria-hidden="true" className="mr-1.5">
        +
      </span>
      {addChallengeLabel(add)}
    </Link>
  );
}

/**
 * The same way, as the first thing his plan page and the dashboard show (issue 53 row 3, decision 0150): what he has
 * just paid for is the next challenge, and the payment screen's redirect lands on his plan page.
 */
export function AddChallengeCard({ add, className = "" }: { add: AddChallenge; className?: string }) {
  return (
    <section
      aria-labelledby="add-challenge-heading"
      className={`card border-volt/50 bg-volt/5 p-4 sm:p-5 ${className}`}
      data-testid="add-challenge"
    >
      <h2 id="add-challenge-heading" className="text-xs font-bold uppercase tracking-[0.2em] text-volt">
        Room for another challenge
      </h2>
      <p className="mt-1.5 text-sm text-text/90">
        {add.active} of {add.max} active. Pick the next one from your plan and give it dates.
      </p>
      <Link
        to={quizResultsPath({ responseId: add.responseId, step: 2 })}
        className="btn-primary mt-3 w-full px-4 sm:w-auto"
      >
        {addChallengeLabel(add)}
      </Link>
    </section>
  );
}
