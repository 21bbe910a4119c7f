import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type { Badge } from "#shared/community/badges.ts";
import { badgeIds, badgeInfo } from "#shared/community/rules.ts";
import { myBadgesQuery } from "../api/feed.ts";
import { BadgeIcon } from "./badge-icon.tsx";

function earnedDay(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMMM d, yyyy");
}

/**
 * His badges on the profile (issue 40): the ones he has earned first and bright, then the rest, dimmed, as what to
 * aim for next. Reading them awards any he has earned since he last looked (GET /api/me/badges).
 */
export function ProfileBadges() {
  const badges = useQuery(myBadgesQuery());
  const earned = badges.data?.badges ?? [];
  const next = badgeIds.filter((id) => !earned.some((badge) => badge.id === id));

  return (
    <section aria-labelledby="badges-heading" className="card mt-6">
      <h2 id="badges-heading" className="text-lg font-bold">
        Your badges
      </h2>
      <p className="mt-1 text-sm text-muted">Earned with real work. They show beside your posts in the community.</p>
      {badges.isPending ? (
        <BadgesLoading />
      ) : badges.isError ? (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-danger">
            {badges.error.message}
          </p>
          <button type="button" className="btn-secondary min-h-11 px-5 text-sm" onClick={() => badges.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {earned.length > 0 ? (
            <ul aria-label="Earned" className="mt-5 grid gap-3 sm:grid-cols-2">
              {earned.map((badge) => (
                <EarnedBadge key={badge.id} badge={badge} />
              ))}
            </ul>
          ) : (
            <p className="mt-5 rounded-xl border border-line bg-surface-2/60 px-4 py-3 text-sm text-muted">
              No badges yet. Complete your first milestone and the first one is yours.
            </p>
          )}
          {next.length > 0 ? (
            <>
              <h3 className="mt-6 text-xs font-bold uppercase tracking-[0.2em] text-muted">What's next</h3>
              <ul aria-label="What's next" className="mt-3 grid gap-2 sm:grid-cols-2">
                {next.map((id) => (
                  <li
                    key={id}
                    className="flex items-start gap-3 rounded-xl border border-dashed border-line px-3 py-2.5"
                  >
                    <span className="grid size-8 shrink-0 place-items-center rounded-full border border-line text-muted">
                      <BadgeIcon id={id} />
                    </span>
                    <div className="min-w-0">
                      <p className="text-sm font-semibold text-text/90">{badgeInfo[id].title}</p>
                      <p className="text-xs text-muted">{badgeInfo[id].description}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function EarnedBadge({ badge }: { badge: Badge }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-volt/40 bg-volt/[0.07] p-3.5">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-volt text-ink">
        <BadgeIcon id={badge.id} className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-bold">{badge.title}</p>
        <p className="text-sm text-muted">{badge.description}</p>
        <p className="mt-1 text-xs text-muted">Earned {earnedDay(badge.earnedAt)}</p>
      </div>
    </li>
  );
}

/** Placeholders the size of two earned badges and the list below, so the profile does not jump when they arrive. */
function BadgesLoading() {
  return (
    <div role="status" aria-label="Loading your badges" className="mt-5 grid gap-3 sm:grid-cols-2">
      {[0, 1].map((i) => (
        <div key={i} className="h-[5.5rem] rounded-xl border border-line bg-surface-2/40 motion-safe:animate-pulse" />
      ))}
    </div>
  );
}
