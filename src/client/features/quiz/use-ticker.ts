import { useEffect, useState } from "react";

/** A counter that advances every `ms` milliseconds (quote rotation, the animated dots). */
export function useTicker(ms: number) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}
