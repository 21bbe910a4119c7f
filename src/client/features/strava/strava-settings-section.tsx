import { useState } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { stravaMessages } from "#shared/strava/rules.ts";
import { useDisconnectStrava, useStravaStatus } from "./api/strava.ts";
import { ConnectStravaButton } from "./connect-strava-button.tsx";

const since = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/**
 * Settings: his Strava connection (issue 56). Connected: whose account and since when, what stays private, and a
 * disconnect that asks first (it revokes the app at Strava and deletes the tokens). Not connected: Strava's button.
 * Not there at all on a server without Strava.
 */
export function StravaSettingsSection() {
  const status = useStravaStatus();
  const disconnect = useDisconnectStrava();
  const [confirming, setConfirming] = useState(false);
  const [disconnected, setDisconnected] = useState(false);

  if (status.data && !status.data.available) return null;
  const connection = status.data?.connection ?? null;

  async function confirmed() {
    try {
      await disconnect.mutateAsync();
      setConfirming(false);
      setDisconnected(true);
    } catch {
      // Shown in the dialog; still connected.
    }
  }

  return (
    <section aria-labelledby="strava-heading" className="card" data-testid="strava-settings">
      <h2 id="strava-heading" className="text-lg font-bold">
        Strava
      </h2>
      <p className="mt-1 text-muted">Your runs arrive by themselves and become proof when your watch syncs.</p>
      <div role="status">
        {disconnected && !connection ? (
          <p className="mt-4 rounded-xl border border-line bg-surface-2 p-3 text-sm">{stravaMessages.disconnected}</p>
        ) : null}
      </div>
      {status.isPending ? (
        <p className="mt-5 text-sm text-muted">Loading your Strava connection...</p>
      ) : status.isError ? (
        <>
          <ErrorBox message={status.error.message} className="mt-4" />
          <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" onClick={() => status.refetch()}>
            Try again
          </button>
        </>
      ) : connection ? (
        <>
          <p className="mt-4">
            Connected as <strong>{connection.athleteName}</strong> since{" "}
            <time dateTime={connection.connectedAt}>{since(connection.connectedAt)}</time>.
          </p>
          <p className="mt-2 text-sm text-muted">{stravaMessages.privateRuns}</p>
          <button
            type="button"
            className="mt-3 min-h-11 cursor-pointer rounded-full px-3 text-sm font-semibold text-danger underline-offset-4 hover:underline"
            onClick={() => setConfirming(true)}
          >
            Disconnect Strava
          </button>
        </>
      ) : (
        <ConnectStravaButton returnTo="/dashboard/settings" className="mt-5" />
      )}

      <Modal open={confirming} title="Disconnect Strava?" onClose={() => setConfirming(false)}>
        <p className="mt-3 text-sm text-text/90">
          Your runs stop arriving by themselves, and we delete our access to your Strava account. You can connect again
          any time.
        </p>
        <ErrorBox message={disconnect.error?.message} className="mt-4" />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn-secondary"
            disabled={disconnect.isPending}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
          <button type="button" className="btn-primary" disabled={disconnect.isPending} onClick={confirmed}>
            {disconnect.isPending ? "Please wait..." : "Disconnect"}
          </button>
        </div>
      </Modal>
    </section>
  );
}
