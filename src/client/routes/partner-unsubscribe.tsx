import { useSearchParams } from "react-router";
import { PartnerUnsubscribeCard } from "../features/partner/partner-unsubscribe-card.tsx";
import { config } from "../lib/config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

export function meta() {
  return [
    { title: `Stop e-mails — ${config.appName}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** /partner/unsubscribe?token=… from a partner e-mail: one button, no account. */
export default function PartnerUnsubscribeRoute() {
  const [search] = useSearchParams();
  // Pre-rendered without the address's token: the card waits for it (null) instead of calling the link invalid.
  const hydrated = useHydrated();
  return (
    <main className="page-container max-w-xl py-16 sm:py-24">
      <PartnerUnsubscribeCard token={hydrated ? (search.get("token") ?? "") : null} />
    </main>
  );
}
