import type { StravaReturnPath } from "#shared/strava/rules.ts";
import { ConnectStravaButton } from "./connect-strava-button.tsx";

/**
 * The small second way beside a file (the run's validation, a running milestone's proof): one line and Strava's
 * button, outlined. The screen shows it only when Strava is available and not connected (`useStravaConnectable`).
 */
export function StravaConnectOption({ returnTo, text }: { returnTo: StravaReturnPath; text: string }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-dashed border-line p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="strava-connect-option"
    >
      <p className="text-sm text-muted">{text}</p>
      <ConnectStravaButton returnTo={returnTo} compact className="shrink-0" />
    </div>
  );
}
