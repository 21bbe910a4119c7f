import { Navigate, Outlet } from "react-router";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** The onboarding start needs an account: without one the visitor is sent to sign up. */
export default function SignedInOrSignupLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <FullScreenMessage>Getting your account ready...</FullScreenMessage>;
  if (!user) return <Navigate to="/auth/Signup" replace />;
  return <Outlet />;
}
