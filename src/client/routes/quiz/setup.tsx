import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

export default function Screen() {
  return <PlaceholderScreen title="Setting up your challenge..." />;
}
