import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type SessionData, sessionQueryKey } from "../../lib/session.ts";
import { signOut } from "./auth-api.ts";

const signedOut: SessionData = { user: null, onboarding: null };

/**
 * Ends the session on the server, then forgets everything cached for the user (nothing of
 * theirs may show to whoever uses the browser next). Resolves false if the server could
 * not be reached, in which case the session is still alive and nothing is cleared.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const result = await signOut();
    // 401/403: there was no valid session to end; the client is signed out either way.
    if (!result.ok && (result.status === 0 || result.status >= 500)) return false;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, signedOut);
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
    const result = await signOut();
    if (!result.ok && (result.status === 0 || result.status >= 500)) return false;
    window.location.replace("/auth/Login");
    return true;
  }, []);
}
