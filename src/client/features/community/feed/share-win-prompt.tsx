import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useMilestoneCompleted } from "#client/lib/win-events.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { communityQuery } from "../api/community.ts";
import { milestoneWinKey } from "./shareable-wins.ts";

/** Where "Share" leads: the community with the composer open and this win chosen. */
function shareWinPath(winKey: string) {
  return `${dashboardSectionPath("community")}?share=${encodeURIComponent(winKey)}`;
}

/**
 * "Share this win?" (issue 40): when a member completes a milestone, a small card at the foot of the screen offers to
 * share it. It never posts by itself, takes no focus and covers nothing he needs: Share opens the composer with the
 * milestone chosen, Not now puts it away. A man not yet let in to the community is never asked.
 */
export function ShareWinPrompt() {
  const queryClient = useQueryClient();
  const [milestoneId, setMilestoneId] = useState<string | null>(null);

  useMilestoneCompleted((id) => {
    queryClient
      .fetchQuery({ ...communityQuery(), staleTime: 60_000 })
      .then((overview) => {
        if (overview.admitted) setMilestoneId(id);
      })
      // Not knowing whether he is a member, he is not asked: the win stays on his dashboard to share later.
      .catch(() => undefined);
  });

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-30 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      {milestoneId ? (
        <section
          aria-label="Share this win?"
          className="pointer-events-auto rounded-2xl border border-volt/50 bg-surface p-4 shadow-2xl"
          data-testid="share-win-prompt"
        >
          <p className="font-display text-xl uppercase tracking-wide">Share this win?</p>
          <p className="mt-1 text-sm text-muted">Milestone done. Let the men in the community cheer you on.</p>
          <div className="mt-3 flex gap-2">
            <Link
              to={shareWinPath(milestoneWinKey(milestoneId))}
              className="btn-primary min-h-11 flex-1 px-4 text-sm"
              onClick={() => setMilestoneId(null)}
            >
              Share
            </Link>
            <button
              type="button"
              className="btn-secondary min-h-11 flex-1 px-4 text-sm"
              onClick={() => setMilestoneId(null)}
            >
              Not now
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
