import { Navigate, Outlet } from "react-router";
import { SessionPending } from "#client/components/full-screen-message.tsx";
import { useSession } from "#client/lib/session.ts";
import { paths } from "#shared/paths.ts";

/** Sign-up, login and password reset: a signed-in visitor has nothing to do here. */
export default function SignedOutOnlyLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <SessionPending />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
