import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, networkErrorMessage, unwrap } from "#client/lib/api.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import type { StravaStatus } from "#shared/strava/contracts.ts";
import type { StravaReturnPath } from "#shared/strava/rules.ts";

const STRAVA_KEY = ["strava"] as const;

/** GET /api/strava: the connection, whether Strava's limits hold his runs back, and what arrived in the last 7 days. */
export function stravaQuery() {
  return queryOptions({
    queryKey: STRAVA_KEY,
    queryFn: async (): Promise<StravaStatus> => unwrap(api.strava.$get(), "Could not load your Strava connection."),
    staleTime: 0,
  });
}

/** A request answered 204 (nothing to read), with the server's `{ error }` otherwise, as `unwrap` gives it. */
async function done(request: Promise<Response>, fallback: string): Promise<void> {
  const response = await request.catch(() => {
    throw new ApiError(networkErrorMessage, 0);
  });
  if (!response.ok) await unwrap(Promise.resolve(response), fallback);
}

/**
 * Every 2 s while a screen waits for his run, and only while the tab is in front (TanStack's default): with the
 * queue's 1 s, his run shows within 5 s of Strava's event (issue 56).
 */
const WAIT_INTERVAL_MS = 2_000;

/** The status, asked again every 2 s while `waiting` (the waiting panel is on screen). */
export function useStravaStatus({ waiting = false }: { waiting?: boolean } = {}) {
  return useQuery({ ...stravaQuery(), refetchInterval: waiting ? WAIT_INTERVAL_MS : false });
}

/** POST /api/strava/connect, then off to Strava's authorize page (or the local stand-in's); he comes back to `returnTo`. */
export function useConnectStrava(returnTo: StravaReturnPath) {
  return useMutation({
    mutationFn: async () => {
      const answer = await unwrap(api.strava.connect.$post({ json: { returnTo } }), "Could not open Strava.");
      window.location.assign(answer.url);
      // The page is leaving: stay pending until it has, so the button does not flash back.
      await new Promise(() => {});
    },
  });
}

/** DELETE /api/strava: revoked at Strava and the tokens deleted. */
export function useDisconnectStrava() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await done(api.strava.$delete(), "Could not disconnect Strava. Please try again.");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STRAVA_KEY }),
  });
}

/** POST /api/strava/activities/:id/use: the offered run becomes the proof of its milestone. */
export function useUseStravaRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<ProofSummary> => {
      const answer = await unwrap(
        api.strava.activities[":id"].use.$post({ param: { id } }),
        "Could not use this run as proof. Please try again.",
      );
      return answer.proof;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: STRAVA_KEY });
      // The milestone's proof shows on the dashboard (the same literal key as screen-time's, features never import).
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

/** POST /api/strava/activities/:id/dismiss: "Not this one". */
export function useDismissStravaRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await done(api.strava.activities[":id"].dismiss.$post({ param: { id } }), "Could not answer. Please try again.");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STRAVA_KEY }),
  });
}

/** Whether to offer "Connect with Strava": this server has Strava and he has not connected it (false while loading). */
export function useStravaConnectable() {
  const status = useStravaStatus();
  return status.data?.available === true && status.data.connection === null;
}
