import { queryOptions, useQuery } from "@tanstack/react-query";
import { paths } from "#shared/paths.ts";
import { api, unwrap } from "./api.ts";

export function fetchSession() {
  return unwrap(api.me.$get(), "Could not load your session.");
}

export type SessionData = Awaited<ReturnType<typeof fetchSession>>;

/** GET /api/me: who is signed in and whether onboarding is done. */
export function sessionQuery() {
  return queryOptions({ queryKey: ["session"], queryFn: fetchSession, staleTime: 60_000 });
}

/**
 * The one place the client learns who is signed in and whether onboarding is done.
 * Route guards, the navbar and screens all read it from here.
 */
export function useSession() {
  const query = useQuery(sessionQuery());
  return {
    isPending: query.isPending,
    user: query.data?.user ?? null,
    onboarding: query.data?.onboarding ?? null,
  };
}

/** SPEC '/': a signed-in user who finished onboarding belongs on the dashboard, any other on the challenge. */
export function signedInHome(onboarding: { runValidated: boolean } | null) {
  return onboarding?.runValidated ? paths.dashboard : paths.challengeAccepted;
}
