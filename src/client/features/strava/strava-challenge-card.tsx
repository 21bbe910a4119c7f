import { stravaMessages } from "#shared/strava/rules.ts";
import { useStravaStatus } from "./api/strava.ts";
import { ConnectStravaButton } from "./connect-strava-button.tsx";
import { StravaWaitingPanel } from "./strava-waiting-panel.tsx";

/**
 * The 24-hour countdown's offer (issue 56): connect Strava before the run, and the run proves itself when his watch
 * syncs. Once connected, what arrives shows here as it does on the validation screen. Nothing at all on a server
 * without Strava.
 */
export function StravaChallengeCard({ onFirstRun }: { onFirstRun?: () => void }) {
  const status = useStravaStatus();
  if (status.data && !status.data.available) return null;
  const connection = status.data?.connection ?? null;
  return (
    <section aria-labelledby="strava-card-heading" className="card" data-testid="strava-card">
      <h2 id="strava-card-heading" className="text-lg font-bold">
        {connection ? "Strava" : "Run with a watch or a running app?"}
      </h2>
      {status.isPending ? (
        <p className="mt-2 text-sm text-muted">Checking your Strava connection...</p>
      ) : status.isError ? (
        <div className="mt-2">
          <p className="text-sm text-muted">We could not check Strava just now. You can still upload a file.</p>
          <button
            type="button"
            className="mt-1 min-h-11 text-sm font-semibold text-volt underline underline-offset-4"
            onClick={() => status.refetch()}
          >
            Try again
          </button>
        </div>
      ) : connection ? (
        <>
          <p className="mt-2">
            Strava connected as <strong>{connection.athleteName}</strong>. Go run: your run will appear here when it
            syncs.
          </p>
          <p className="mt-2 text-xs text-muted">{stravaMessages.privateRuns}</p>
          <StravaWaitingPanel onFirstRun={onFirstRun} className="mt-4" />
        </>
      ) : (
        <>
          <p className="mt-2 text-muted">Connect Strava and your run proves itself when it syncs.</p>
          <ConnectStravaButton returnTo="/ChallengeAccepted" className="mt-4" />
        </>
      )}
    </section>
  );
}
