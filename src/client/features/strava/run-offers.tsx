import { useState } from "react";
import { ActivitySummary } from "#client/components/activity-summary.tsx";
import { ErrorBox } from "#client/components/error-box.tsx";
import type { StravaActivity } from "#shared/strava/contracts.ts";
import { runOfferQuestion } from "#shared/strava/rules.ts";
import { useDismissStravaRun, useStravaStatus, useUseStravaRun } from "./api/strava.ts";
import { runPhrase } from "./run-phrase.ts";

function RunOffer({
  activity,
  now,
  onUsed,
}: {
  activity: StravaActivity & { milestone: { id: string; text: string } };
  now: Date;
  onUsed: (milestone: string) => void;
}) {
  const use = useUseStravaRun();
  const dismiss = useDismissStravaRun();
  const pending = use.isPending || dismiss.isPending;
  const question = activity.reading
    ? runOfferQuestion(runPhrase(activity.reading, now, activity.sport), activity.milestone.text)
    : runOfferQuestion(`Your run \u201c${activity.name}\u201d`, activity.milestone.text);
  return (
    <article
      aria-labelledby={`strava-offer-${activity.id}`}
      className="rounded-2xl border border-[#FC5200]/50 bg-surface p-4 sm:p-5"
      data-testid="strava-offer"
    >
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-[#FC5200]">New run from Strava</p>
      <h2 id={`strava-offer-${activity.id}`} className="mt-2 font-semibold leading-snug">
        {question}
      </h2>
      {activity.reading ? (
        <div className="mt-3">
          <ActivitySummary activity={activity.reading} compact />
        </div>
      ) : null}
      <ErrorBox message={(use.error ?? dismiss.error)?.message} className="mt-3" />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn-primary"
          disabled={pending}
          onClick={() => use.mutate(activity.id, { onSuccess: () => onUsed(activity.milestone.text) })}
        >
          {use.isPending ? "Saving..." : "Use it as proof"}
        </button>
        <button type="button" className="btn-secondary" disabled={pending} onClick={() => dismiss.mutate(activity.id)}>
          {dismiss.isPending ? "Please wait..." : "Not this one"}
        </button>
      </div>
    </article>
  );
}

/**
 * The dashboard's question about each run Strava sent for a running milestone that is due (issue 56): use it as that
 * milestone's proof, or not. Nothing while loading, on an error (the dashboard is not about Strava) or without offers.
 * `now`: his clock, for "from this morning".
 */
export function RunOffers({ now = new Date(), className = "" }: { now?: Date; className?: string }) {
  const status = useStravaStatus();
  const [used, setUsed] = useState<string | null>(null);
  const offers = (status.data?.activities ?? []).filter(
    (activity): activity is StravaActivity & { milestone: { id: string; text: string } } =>
      activity.outcome === "offered" && activity.milestone !== null,
  );
  if (offers.length === 0 && used === null) return null;
  return (
    <div className={`space-y-3 ${className}`}>
      <div role="status">
        {used === null ? null : (
          <p className="rounded-xl border border-success/40 bg-success/10 p-3 text-sm font-semibold text-success">
            <span aria-hidden="true">✓ </span>
            Saved as proof for ‘{used}’.
          </p>
        )}
      </div>
      {offers.map((activity) => (
        <RunOffer key={activity.id} activity={activity} now={now} onUsed={setUsed} />
      ))}
    </div>
  );
}
