import { Navigate, Outlet, useLocation } from "react-router";
import { SessionPending } from "#client/components/full-screen-message.tsx";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { sessionQuery, useSession } from "#client/lib/session.ts";
import { paths } from "#shared/paths.ts";

/** Who he is, asked for as the route is chosen (issue 37). */
export const clientLoader = () => preload(sessionQuery());

/** Who he is, in the HTML of a signed-in screen the server renders (issue 37). */
export const loader = () => serverPreload(sessionQuery());

/** Signed-in screens: anonymous visitors go to the login screen. */
export default function SignedInLayout() {
  const { isPending, user } = useSession();
  const location = useLocation();
  if (isPending) return <SessionPending />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
