import { config } from "#client/lib/config.ts";
import { useWaitingChanges } from "#client/lib/offline-changes.ts";
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

const kept = (count: number) =>
  count === 0
    ? "What you change is kept on this device"
    : `${count} ${count === 1 ? "change is" : "changes are"} kept on this device`;

/**
 * A calm line above the dashboard while there is no network, or while the server does not answer his changes (the
 * phone online, the server out of reach): what he sees, and what happens to what he does (decision 0148).
 */
export function OfflineNotice({ loadedAt }: { loadedAt: number | null }) {
  const online = useOnline();
  const waiting = useWaitingChanges();
  if (online && !waiting.serverUnreachable) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-2 px-5 py-3 text-sm text-text/90">
      {online ? (
        <p className="mx-auto max-w-6xl">
          <span className="font-semibold text-volt">{config.appName} cannot be reached right now.</span>{" "}
          {kept(waiting.count)} and sent as soon as it answers.
        </p>
      ) : (
        <p className="mx-auto max-w-6xl">
          <span className="font-semibold text-volt">You are offline.</span>{" "}
          {loadedAt
            ? `This is your dashboard as it was at ${loadedTime(loadedAt)}.`
            : "Your dashboard has not been loaded on this device yet."}{" "}
          {kept(waiting.count)} and sent when you are back online.
        </p>
      )}
    </div>
  );
}
