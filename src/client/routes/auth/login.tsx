import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

export default function Screen() {
  return <PlaceholderScreen title="Sign in to access your dashboard" />;
}
