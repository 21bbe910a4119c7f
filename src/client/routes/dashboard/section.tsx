import { Navigate } from "react-router";
import { paths } from "#shared/paths.ts";

/** Every dashboard section has a route module of its own; an unknown one, e.g. an old link, falls back to the dashboard. */
export default function UnknownDashboardSection() {
  return <Navigate to={paths.dashboard} replace />;
}
