import { useEffect } from "react";
import { useNavigate } from "react-router";
import { EmailConfirmedNotice } from "../features/auth/email-confirmed-notice.tsx";
import { ClosingCall, Hero, NotForEveryone, Pains, Steps } from "../features/marketing/landing-sections.tsx";
import { signedInHome, useSession } from "../lib/session.ts";

/**
 * SPEC '/': a signed-in visitor goes on to his home (the dashboard or the challenge). The page itself renders for
 * everyone first, so its pre-rendered HTML paints before the session is known.
 */
function useSignedInRedirect() {
  const { user, onboarding } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user || !onboarding) return;
    navigate(signedInHome(onboarding), { replace: true });
  }, [user, onboarding, navigate]);
}

export default function Landing() {
  useSignedInRedirect();
  return (
    <main>
      <Hero notice={<EmailConfirmedNotice />} />
      <Pains />
      <Steps />
      <NotForEveryone />
      <ClosingCall />
    </main>
  );
}
