import { useParams } from "react-router";
import { PartnerView } from "../features/partner/partner-view.tsx";
import { config } from "../lib/config.ts";

/** The secret link is the key: never indexed, and never sent on as a referrer (the server says both in headers too). */
export function meta() {
  return [
    { title: `Accountability partner — ${config.appName}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** /partner/view/:token: what a partner sees, signed in or not. */
export default function PartnerViewRoute() {
  const { token = "" } = useParams();
  return (
    <main className="page-container max-w-2xl py-10 sm:py-16">
      <PartnerView token={token} />
    </main>
  );
}
