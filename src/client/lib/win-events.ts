import { useEffect, useRef } from "react";

/**
 * "He just completed a milestone", told by the dashboard to whoever listens, today the community's "Share this win?"
 * (issue 40). Features do not import each other, so the news goes through here: the dashboard only says what
 * happened and knows nothing of the community.
 */
type Listener = (milestoneId: string) => void;
const listeners = new Set<Listener>();

/** Called once the server has confirmed a milestone as completed (never for a guess that may be rolled back). */
export function announceMilestoneCompleted(milestoneId: string) {
  for (const listener of listeners) listener(milestoneId);
}

/** Listens while the component is mounted. */
export function useMilestoneCompleted(listener: Listener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const call: Listener = (id) => latest.current(id);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, []);
}
