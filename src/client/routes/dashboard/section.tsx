import { Navigate, useParams } from "react-router";
import { type DashboardSection, dashboardSections, paths } from "../../../shared/paths.ts";
import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

/** The sections with a route module of their own never reach this one; the rest are built by their own issues. */
const titles: Partial<Record<DashboardSection, string>> = {
  premium: "Choose Your Plan",
};

export default function DashboardSectionScreen() {
  const { section } = useParams();
  const known = dashboardSections.find((s) => s === section?.toLowerCase());
  const title = known && titles[known];
  if (!title) return <Navigate to={paths.dashboard} replace />;
  return <PlaceholderScreen title={title} />;
}
