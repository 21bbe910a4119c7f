import { Navigate, Outlet } from "react-router";
import { SessionPending } from "#client/components/full-screen-message.tsx";
import { preload } from "#client/lib/preload.ts";
import { sessionQuery, useSession } from "#client/lib/session.ts";
import { paths } from "#shared/paths.ts";

export const clientLoader = () => preload(sessionQuery());

/** The onboarding start needs an account: without one the visitor is sent to sign up. */
export default function SignedInOrSignupLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <SessionPending />;
  if (!user) return <Navigate to={paths.signup} replace />;
  return <Outlet />;
}
