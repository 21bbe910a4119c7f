import { useSearchParams } from "react-router";
import { PhoneDownCard } from "../features/reminders/phone-down-card.tsx";
import { config } from "../lib/config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

export function meta() {
  return [{ title: `Phone down — ${config.appName}` }, { name: "robots", content: "noindex" }];
}

/** /phone-down?token=… from an evening nudge (issue 55): signed in or not, one button that POSTs the answer. */
export default function PhoneDownRoute() {
  const [search] = useSearchParams();
  // Pre-rendered without the address's token: the card waits for it (null) instead of calling the link invalid.
  const hydrated = useHydrated();
  return (
    <main className="page-container max-w-xl py-16 sm:py-24">
      <PhoneDownCard token={hydrated ? (search.get("token") ?? "") : null} />
    </main>
  );
}
