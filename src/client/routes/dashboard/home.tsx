import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

export default function DashboardHome() {
  return <PlaceholderScreen title="Dashboard" />;
}
