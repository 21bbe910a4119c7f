import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "react-toastify/unstyled";
import { STRAVA_RESULT_PARAM, type StravaResult, stravaMessages, stravaResults } from "#shared/strava/rules.ts";
import { stravaQuery } from "./api/strava.ts";

const isResult = (value: string | null): value is StravaResult =>
  value !== null && (stravaResults as readonly string[]).includes(value);

/**
 * Back from Strava at `returnTo?strava=<result>`: says what happened once, as a toast, and takes the parameter off the
 * address so a reload or the back button does not say it again. The toast's id keeps React's double effect in
 * development (and a second screen reading the same address) to one toast.
 */
export function useStravaResult() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const value = params.get(STRAVA_RESULT_PARAM);

  useEffect(() => {
    if (value === null) return;
    if (isResult(value)) {
      const say = value === "connected" ? toast.success : value === "denied" ? toast.info : toast.error;
      say(stravaMessages[value], { toastId: `strava-${value}` });
      void queryClient.invalidateQueries({ queryKey: stravaQuery().queryKey });
    }
    setParams(
      (current) => {
        current.delete(STRAVA_RESULT_PARAM);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [value, setParams, queryClient]);
}
