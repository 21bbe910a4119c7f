import { useOnline } from "./use-online.ts";

const time = new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" });

/** A calm line above the dashboard while there is no network: what he sees, and what happens to what he does. */
export function OfflineNotice({ loadedAt }: { loadedAt: number | null }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-2 px-5 py-3 text-sm text-text/90">
      <p className="mx-auto max-w-6xl">
        <span className="font-semibold text-volt">You are offline.</span>{" "}
        {loadedAt
          ? `This is your dashboard as it was at ${time.format(loadedAt)}.`
          : "Your dashboard has not been loaded on this device yet."}{" "}
        Changes are sent when you are back online; keep this page open until then.
      </p>
    </div>
  );
}
