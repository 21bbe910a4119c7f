import { Navigate, useParams } from "react-router";
import { dashboardSections } from "../../../shared/paths.ts";
import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

const titles: Record<(typeof dashboardSections)[number], string> = {
  results: "Results",
  community: "Community",
  profile: "Profile",
  premium: "Choose Your Plan",
  help: "Help and Support",
  settings: "Settings",
};

export default function DashboardSection() {
  const { section } = useParams();
  const known = dashboardSections.find((s) => s === section?.toLowerCase());
  if (!known) return <Navigate to="/dashboard" replace />;
  return <PlaceholderScreen title={titles[known]} />;
}
