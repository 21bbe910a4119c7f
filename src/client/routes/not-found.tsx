import { Navigate } from "react-router";
import { paths } from "#shared/paths.ts";
import { SessionPending } from "../components/full-screen-message.tsx";
import { useSession } from "../lib/session.ts";

/** SPEC: an unknown path goes to /dashboard when signed in and to / when signed out. */
export default function NotFound() {
  const { isPending, user } = useSession();
  if (isPending) return <SessionPending />;
  return <Navigate to={user ? paths.dashboard : paths.landing} replace />;
}
