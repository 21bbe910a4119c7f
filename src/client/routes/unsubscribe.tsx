import { useSearchParams } from "react-router";
import { UnsubscribeCard } from "../features/reminders/unsubscribe-card.tsx";
import { config } from "../lib/config.ts";

export function meta() {
  return [{ title: `Unsubscribe — ${config.appName}` }, { name: "robots", content: "noindex" }];
}

/** /unsubscribe?token=… from a reminder e-mail: signed in or not. */
export default function UnsubscribeRoute() {
  const [search] = useSearchParams();
  return (
    <main className="page-container max-w-xl py-16 sm:py-24">
      <UnsubscribeCard token={search.get("token") ?? ""} />
    </main>
  );
}
