import { Navigate, Outlet } from "react-router";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** Sign-up, login and password reset: a signed-in visitor has nothing to do here. */
export default function SignedOutOnlyLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <FullScreenMessage>Getting your account ready...</FullScreenMessage>;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
