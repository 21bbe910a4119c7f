import { useOnline } from "./use-online.ts";

/**
 * Made when first needed, not as the module loads: a formatter in his own locale costs a phone at 8× CPU about 100 ms
 * of the dashboard's first load, and most loads are online (decision 0139).
 */
let time: Intl.DateTimeFormat | undefined;
const loadedTime = (at: number) => {
  time ??= new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" });
  return time.format(at);
};

/** A calm line above the dashboard while there is no network: what he sees, and what happens to what he does. */
export function OfflineNotice({ loadedAt }: { loadedAt: number | null }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-2 px-5 py-3 text-sm text-text/90">
      <p className="mx-auto max-w-6xl">
        <span className="font-semibold text-volt">You are offline.</span>{" "}
        {loadedAt
          ? `This is your dashboard as it was at ${loadedTime(loadedAt)}.`
          : "Your dashboard has not been loaded on this device yet."}{" "}
        Changes are sent when you are back online; keep this page open until then.
      </p>
    </div>
  );
}
