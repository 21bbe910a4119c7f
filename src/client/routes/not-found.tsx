import { Navigate } from "react-router";
import { FullScreenMessage } from "../components/full-screen-message.tsx";
import { useSession } from "../lib/session.ts";

/** SPEC: an unknown path goes to /dashboard when signed in and to / when signed out. */
export default function NotFound() {
  const { isPending, user } = useSession();
  if (isPending) return <FullScreenMessage>Getting your account ready...</FullScreenMessage>;
  return <Navigate to={user ? "/dashboard" : "/"} replace />;
}
