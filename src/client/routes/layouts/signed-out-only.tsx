import { Navigate, Outlet } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { SessionPending } from "../../components/full-screen-message.tsx";
import { useSession } from "../../lib/session.ts";

/** Sign-up, login and password reset: a signed-in visitor has nothing to do here. */
export default function SignedOutOnlyLayout() {
  const { isPending, user } = useSession();
  if (isPending) return <SessionPending />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
