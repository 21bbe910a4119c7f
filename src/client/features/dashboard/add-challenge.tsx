import { Link } from "react-router";
import type { AddChallenge } from "#shared/dashboard/contracts.ts";
import { quizResultsPath } from "#shared/paths.ts";

/** 'Add a challenge (2 of 3)': the number the next challenge will be, out of his plan's limit. */
function addChallengeLabel(add: AddChallenge) {
  return `Add a challenge (${add.active + 1} of ${add.max})`;
}

/**
 * Issue 35 row 1: a premium member's way back to his plan's challenge list, where one tap on ACCEPT adds the next
 * challenge and NEXT sets it up (decision 0118). Shown only while the server says he can add one.
 */
export function AddChallengeLink({ add }: { add: AddChallenge }) {
  return (
    <Link
      to={quizResultsPath({ responseId: add.responseId, step: 2 })}
      className="inline-flex min-h-11 items-center rounded-full border border-volt/50 bg-volt/10 px-4 text-sm font-semibold text-volt transition hover:bg-volt hover:text-ink"
    >
      <span aria-hidden="true" className="mr-1.5">
        +
      </span>
      {addChallengeLabel(add)}
    </Link>
  );
}
