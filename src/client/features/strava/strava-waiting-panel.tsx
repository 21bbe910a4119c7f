import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Spinner } from "#client/components/spinner.tsx";
import type { StravaActivity } from "#shared/strava/contracts.ts";
import { stravaMessages } from "#shared/strava/rules.ts";
import { useStravaStatus } from "./api/strava.ts";
import { arrivedPhrase } from "./run-phrase.ts";

/** What became of an activity, after its "Your 12.0 km ride from 08:10". */
function outcomeText(activity: StravaActivity) {
  switch (activity.outcome) {
    case "refused":
      return activity.reason ?? "not usable as proof.";
    case "waiting":
      return "arrived, reading it from Strava...";
    case "firstRun":
      return "your first run, validated.";
    case "offered":
    case "used":
      return activity.milestone ? `proof for \u2018${activity.milestone.text}\u2019.` : "kept as proof.";
    default:
      return "kept, nothing to prove with it right now.";
  }
}

/**
 * While his first run is not validated and Strava is connected: asks Strava's status every 2 s (only while this is on
 * screen and the tab is in front) and lists what arrived and why a ride or a walk does not count. The run that
 * validates the challenge makes the onboarding state load again, so the screen shows it as it shows a file's, and
 * `onFirstRun` lets the screen open its "Challenge complete" dialog.
 */
export function StravaWaitingPanel({ onFirstRun, className = "" }: { onFirstRun?: () => void; className?: string }) {
  const status = useStravaStatus({ waiting: true });
  const queryClient = useQueryClient();
  const handled = useRef(new Set<string>());
  const firstRun = status.data?.activities.find((activity) => activity.outcome === "firstRun");
  const onFirstRunRef = useRef(onFirstRun);
  onFirstRunRef.current = onFirstRun;

  useEffect(() => {
    if (!firstRun || handled.current.has(firstRun.id)) return;
    handled.current.add(firstRun.id);
    // The onboarding query's key (features/onboarding), by its value: features never import each other.
    void queryClient.invalidateQueries({ queryKey: ["onboarding"] });
    onFirstRunRef.current?.();
  }, [firstRun, queryClient]);

  const now = new Date();
  const activities = status.data?.activities ?? [];
  return (
    <section
      aria-labelledby="strava-waiting-heading"
      className={`rounded-2xl border border-[#FC5200]/40 bg-surface p-4 sm:p-5 ${className}`}
      data-testid="strava-waiting"
    >
      <h2 id="strava-waiting-heading" className="flex items-center gap-3 font-semibold">
        <Spinner className="size-5 shrink-0" />
        Waiting for your run from Strava...
      </h2>
      <div aria-live="polite" className="mt-2 space-y-2 text-sm">
        {status.data?.busy ? <p className="font-semibold text-text">{stravaMessages.busy}</p> : null}
        {status.isError && !status.data ? (
          <p className="text-muted">Could not reach Strava just now. Still trying...</p>
        ) : null}
        {activities.length === 0 ? (
          <p className="text-muted">
            Record your run with your watch or app. It shows here a few seconds after it syncs to Strava.
          </p>
        ) : (
          <ul className="space-y-2">
            {activities.map((activity) => (
              <li
                key={activity.id}
                className={`rounded-xl border px-3 py-2 ${
                  activity.outcome === "refused" ? "border-danger/40 bg-danger/5" : "border-line bg-surface-2"
                }`}
                data-testid="strava-arrived"
              >
                <span className="font-semibold">{arrivedPhrase(activity, now)}</span>
                {" \u2014 "}
                <span className={activity.outcome === "refused" ? "text-danger" : "text-muted"}>
                  {outcomeText(activity)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
