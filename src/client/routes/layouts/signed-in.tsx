import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { SessionPending } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** Signed-in screens: anonymous visitors go to the login screen. */
export default function SignedInLayout() {
  const { isPending, user } = useSession();
  const location = useLocation();
  if (isPending) return <SessionPending />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
