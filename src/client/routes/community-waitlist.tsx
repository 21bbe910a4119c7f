import { WaitlistScreen } from "../features/community/waitlist-screen.tsx";
import { config } from "../lib/config.ts";
import { useSession } from "../lib/session.ts";

export function meta() {
  return [{ title: `Community waitlist — ${config.appName}` }];
}

/** /community/waitlist: the two-step form, or the confirmation of a member who already joined. */
export default function CommunityWaitlist() {
  const { user } = useSession();
  return (
    <main className="mx-auto w-full max-w-xl px-5 pt-8 pb-16 sm:pt-14">
      <WaitlistScreen account={user ? { email: user.email, firstName: user.firstName } : null} />
    </main>
  );
}
