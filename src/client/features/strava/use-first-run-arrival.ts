import { useCallback, useEffect, useState } from "react";

/**
 * The run Strava validated while he watched (issue 56): `onFirstRun` goes to the waiting panel, and once the screen's
 * own state shows the validated `run`, `arrived` holds it so the screen opens its "Challenge complete" dialog, as after
 * a file. A run already validated when the screen opened opens nothing.
 */
export function useFirstRunArrival<Run>(run: Run | null) {
  const [watching, setWatching] = useState(false);
  const [arrived, setArrived] = useState<Run | null>(null);
  useEffect(() => {
    if (!watching || run === null) return;
    setArrived(run);
    setWatching(false);
  }, [watching, run]);
  const onFirstRun = useCallback(() => setWatching(true), []);
  return { arrived, onFirstRun };
}
