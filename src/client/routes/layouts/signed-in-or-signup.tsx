import { Navigate, Outlet } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { SessionPending } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** The onboarding start needs an account: without one the visitor is sent to sign up. */
export default function SignedInOrSignupLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <SessionPending />;
  if (!user) return <Navigate to={paths.signup} replace />;
  return <Outlet />;
}
