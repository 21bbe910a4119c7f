import { useSearchParams } from "react-router";
import { UnsubscribeCard } from "../features/reminders/unsubscribe-card.tsx";
import { config } from "../lib/config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

export function meta() {
  return [{ title: `Unsubscribe — ${config.appName}` }, { name: "robots", content: "noindex" }];
}

/** /unsubscribe?token=… from a reminder e-mail: signed in or not. */
export default function UnsubscribeRoute() {
  const [search] = useSearchParams();
  // Pre-rendered without the address's token: the card waits for it (null) instead of calling the link invalid.
  const hydrated = useHydrated();
  return (
    <main className="page-container max-w-xl py-16 sm:py-24">
      <UnsubscribeCard token={hydrated ? (search.get("token") ?? "") : null} />
    </main>
  );
}
