import { Navigate, useParams } from "react-router";
import { type DashboardSection, dashboardSections, paths } from "../../../shared/paths.ts";
import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

const titles: Record<DashboardSection, string> = {
  results: "Results",
  community: "Community",
  profile: "Profile",
  premium: "Choose Your Plan",
  help: "Help and Support",
  settings: "Settings",
};

export default function DashboardSectionScreen() {
  const { section } = useParams();
  const known = dashboardSections.find((s) => s === section?.toLowerCase());
  if (!known) return <Navigate to={paths.dashboard} replace />;
  return <PlaceholderScreen title={titles[known]} />;
}
