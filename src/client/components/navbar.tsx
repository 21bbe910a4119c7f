import { Link } from "react-router";
import { config } from "../lib/config.ts";

/** Top navigation on every screen. Owned by the accounts work (login / sign-up links, logout, menu). */
export function Navbar() {
  return (
    <header className="border-b border-line">
      <nav className="mx-auto flex h-14 max-w-6xl items-center justify-between px-5" aria-label="Main">
        <Link to="/" className="font-display text-xl uppercase tracking-wider">
          {config.appName}
        </Link>
      </nav>
    </header>
  );
}
