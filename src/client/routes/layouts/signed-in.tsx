import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** Signed-in screens: anonymous visitors go to the login screen. */
export default function SignedInLayout() {
  const { isPending, user } = useSession();
  const location = useLocation();
  if (isPending) return <FullScreenMessage>Getting your account ready...</FullScreenMessage>;
  if (!user) return <Navigate to="/auth/Login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
