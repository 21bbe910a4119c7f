import { PlaceholderScreen } from "../../components/placeholder-screen.tsx";

export default function Screen() {
  return <PlaceholderScreen title="Create a free account to accept your first challenge" />;
}
