import { useSearchParams } from "react-router";
import { PartnerCheerCard } from "../features/partner/partner-cheer-card.tsx";
import { config } from "../lib/config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

/** The link acts in the partner's name: never indexed, never sent on as a referrer. */
export function meta() {
  return [
    { title: `Send a cheer — ${config.appName}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** /partner/cheer?token=… from a partner e-mail's button: what the cheer is about, and one button that sends it. */
export default function PartnerCheerRoute() {
  const [search] = useSearchParams();
  // Pre-rendered without the address's token: the card waits for it (null) instead of calling the link invalid.
  const hydrated = useHydrated();
  return (
    <main className="page-container max-w-xl py-10 sm:py-16">
      <PartnerCheerCard token={hydrated ? (search.get("token") ?? "") : null} />
    </main>
  );
}
