import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./api.ts";

export const sessionQueryKey = ["session"] as const;

export function fetchSession() {
  return unwrap(api.me.$get(), "Could not load your session.");
}

export type SessionData = Awaited<ReturnType<typeof fetchSession>>;

/**
 * The one place the client learns who is signed in and whether onboarding is done.
 * Route guards, the navbar and screens all read it from here.
 */
export function useSession() {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
  return {
    isPending: query.isPending,
    user: query.data?.user ?? null,
    onboarding: query.data?.onboarding ?? null,
    refetch: query.refetch,
  };
}

export function useInvalidateSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
