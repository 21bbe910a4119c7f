import { ErrorBox } from "#client/components/error-box.tsx";
import type { StravaReturnPath } from "#shared/strava/rules.ts";
import { useConnectStrava } from "./api/strava.ts";

/**
 * Strava's own call to action (its brand guidelines ask for "Connect with Strava" on its orange, #FC5200; decision
 * 0166), the same against the local stand-in as against Strava, so the tests see what ships. The white words are bold
 * and 19 px, large text, for which the orange's 3.3:1 passes WCAG AA. `compact`: an orange outline and orange words
 * on the dark page (6:1), for the places where it is a second way beside a file.
 */
export function ConnectStravaButton({
  returnTo,
  compact = false,
  className = "",
}: {
  returnTo: StravaReturnPath;
  compact?: boolean;
  className?: string;
}) {
  const connect = useConnectStrava(returnTo);
  const look = compact
    ? "min-h-11 border-2 border-[#FC5200] px-5 text-base text-[#FC5200] hover:bg-[#FC5200]/10"
    : "min-h-12 w-full bg-[#FC5200] px-7 text-[19px] text-white hover:bg-[#E34A00] sm:w-auto";
  return (
    <div className={className}>
      <button
        type="button"
        className={`inline-flex cursor-pointer items-center justify-center gap-2 rounded-full font-bold transition active:scale-[0.98] disabled:cursor-wait disabled:opacity-70 ${look}`}
        disabled={connect.isPending}
        onClick={() => connect.mutate()}
      >
        {connect.isPending ? "Opening Strava..." : "Connect with Strava"}
      </button>
      <ErrorBox message={connect.error?.message} className="mt-3" />
    </div>
  );
}
