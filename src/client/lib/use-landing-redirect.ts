import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useSession } from "./session.ts";

/**
 * SPEC '/': a signed-in visitor who finished onboarding goes to /dashboard, any other
 * signed-in visitor to /ChallengeAccepted. The page itself renders for everyone first,
 * so its pre-rendered HTML paints before the session is known.
 */
export function useLandingRedirect() {
  const { user, onboarding } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user || !onboarding) return;
    navigate(onboarding.runValidated ? "/dashboard" : "/ChallengeAccepted", { replace: true });
  }, [user, onboarding, navigate]);
}
