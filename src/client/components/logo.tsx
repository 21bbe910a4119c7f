import { Link } from "react-router";
import { config } from "../lib/config.ts";

export function Logo({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="font-display text-2xl uppercase tracking-wider"
      aria-label={`${config.appName} home`}
    >
      {config.appName}
      <span className="text-volt">.</span>
    </Link>
  );
}
