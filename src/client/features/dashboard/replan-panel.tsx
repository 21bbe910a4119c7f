import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "#client/components/spinner.tsx";
import { isUnlimited } from "#client/components/token-display.tsx";
import { ApiError } from "#client/lib/api.ts";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import {
  FREE_REPLANS_PER_MILESTONE,
  REPLAN_LINK_PARAM,
  REPLAN_NOTE_MAX,
  type ReplanReason,
  replanReasonLabels,
  replanReasons,
} from "#shared/replan/rules.ts";
import { useRequestReplan } from "./api/replan.ts";
import type { DashboardMilestone } from "./dashboard-updates.ts";
import { ReplanDialog } from "./replan-dialog.tsx";

/**
 * Back on track (issue 27) on a missed milestone: one question, answered with one tap (his own words are optional),
 * and the AI's smaller next step in a dialog he accepts, edits or dismisses. Two taps from a red date to a new one.
 * The words box comes before the reasons (issue 35 row 8): read top to bottom, he can type before a reason sends.
 */
export function ReplanPanel({
  milestone,
  label,
  tokens,
  locked,
}: {
  milestone: DashboardMilestone;
  label: string;
  tokens: Dashboard["tokens"];
  locked: boolean;
}) {
  const request = useRequestReplan(milestone.id);
  const [note, setNote] = useState("");
  const [reviewing, setReviewing] = useState(false);
  const [params, setParams] = useSearchParams();
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const noteId = useId();
  const offer = milestone.replan;
  const free = milestone.replansUsed < FREE_REPLANS_PER_MILESTONE;
  const short = !free && !isUnlimited(tokens) && tokens.remaining <= 0;

  // Arriving from the overdue e-mail: this milestone comes into view, with its waiting proposal open.
  const linked = params.get(REPLAN_LINK_PARAM) === milestone.id;
  useEffect(() => {
    if (!linked || locked) return;
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus();
    if (offer) setReviewing(true);
    setParams(
      (current) => {
        current.delete(REPLAN_LINK_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [linked, locked, offer, setParams]);

  function choose(reason: ReplanReason) {
    request.mutate({ reason, note: note.trim() || null }, { onSuccess: () => setReviewing(true) });
  }

  const cost = free
    ? "Your first re-plan of this milestone is free."
    : isUnlimited(tokens)
      ? "Unlimited with Premium."
      : "A re-plan uses 1 token.";

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-danger/30 bg-danger/[0.06] p-3.5 outline-none focus-visible:ring-2 focus-visible:ring-volt sm:p-4"
      data-testid="replan"
    >
      <h3 id={headingId} className="text-sm font-bold">
        Missed this date? Re-plan it.
      </h3>
      {offer ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-sm text-muted">A smaller next step is waiting for your answer.</p>
          <button type="button" className="btn-primary min-h-10 px-4 text-sm" onClick={() => setReviewing(true)}>
            Review re-plan
          </button>
        </div>
      ) : request.isPending ? (
        <p className="mt-2 flex items-center gap-3 text-sm" role="status">
          <Spinner />
          <span>Working out a smaller next step...</span>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">What got in the way? A miss is information, not failure.</p>
          <fieldset className="mt-3" disabled={locked || short}>
            <legend className="sr-only">What got in the way of {label}?</legend>
            <label htmlFor={noteId} className="block text-xs font-semibold text-muted">
              In your own words (optional)
            </label>
            <input
              id={noteId}
              value={note}
              maxLength={REPLAN_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              placeholder="e.g. Night shifts all week"
              className="field mt-1.5 min-h-10 py-2 text-sm"
            />
            <p className="mt-3 text-xs font-semibold text-muted">Then pick what fits:</p>
            <div className="mt-1.5 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              {replanReasons.map((reason) => (
                <button
                  key={reason}
                  type="button"
                  onClick={() => choose(reason)}
                  className="min-h-11 cursor-pointer rounded-xl border border-line bg-surface px-3 py-2 text-left text-sm font-semibold leading-tight transition last:col-span-2 hover:border-volt hover:text-volt disabled:cursor-not-allowed disabled:opacity-50 sm:rounded-full sm:px-3.5 sm:text-center"
                >
                  {replanReasonLabels[reason]}
                </button>
              ))}
            </div>
          </fieldset>
          <p className="mt-2 text-xs text-muted">
            {short ? "Insufficient tokens - upgrade to premium for more!" : cost}
          </p>
          {request.isError ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {request.error instanceof ApiError && request.error.status === 402
                ? "Insufficient tokens - upgrade to premium for more!"
                : request.error.message}
            </p>
          ) : null}
        </>
      )}
      {offer ? (
        <ReplanDialog
          key={offer.id}
          open={reviewing}
          milestoneId={milestone.id}
          offer={offer}
          openTodos={milestone.todos.filter((t) => !t.todoCompleted).length}
          onClose={() => setReviewing(false)}
        />
      ) : null}
    </section>
  );
}
