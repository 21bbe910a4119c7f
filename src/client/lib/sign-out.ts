import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { paths } from "#shared/paths.ts";
import { signOut } from "./auth-client.ts";
import { forgetOfflineData } from "./offline-cache.ts";
import { type SessionData, sessionQuery } from "./session.ts";

const signedOut: SessionData = { user: null, onboarding: null };

/** 401/403: there was no valid session to end; the client is signed out either way. */
function sessionEnded(result: Awaited<ReturnType<typeof signOut>>) {
  return result.ok || (result.status !== 0 && result.status < 500);
}

/**
 * Ends the session on the server, then forgets everything cached for the user (nothing of
 * theirs may show to whoever uses the browser next). Resolves false if the server could
 * not be reached, in which case the session is still alive and nothing is cleared.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!sessionEnded(await signOut())) return false;
    forgetOfflineData();
    const session = sessionQuery().queryKey;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== session[0] });
    queryClient.setQueryData(session, signedOut);
    return true;
  }, [queryClient]);
}

/**
 * Logout (navbar, and the dashboard's menu): ends the session on the server, then loads the
 * login screen afresh. A full load, not a client-side jump: the guards of the page being
 * left would otherwise react to the cleared session first and send the visitor elsewhere,
 * and nothing of the user's stays in memory.
 */
export function useLogout() {
  return useCallback(async () => {
    if (!sessionEnded(await signOut())) return false;
    forgetOfflineData();
    window.location.replace(paths.login);
    return true;
  }, []);
}
