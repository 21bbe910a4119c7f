import { Link } from "react-router";
import { toast } from "react-toastify";
import { paths } from "../../shared/paths.ts";
import { config } from "../lib/config.ts";
import { useSession } from "../lib/session.ts";
import { useLogout } from "../lib/sign-out.ts";

function LogoutButton() {
  const logout = useLogout();
  return (
    <button
      type="button"
      className="rounded-full border border-line px-4 py-2 text-sm font-semibold uppercase tracking-wider transition hover:border-muted"
      onClick={async () => {
        if (!(await logout())) toast.error("Could not log out. Check your connection and try again.");
      }}
    >
      Logout
    </button>
  );
}

/**
 * Top navigation on every screen. Signed out: Login and Sign up. Signed in: the first name
 * and Logout. The dashboard adds its token display and full-screen mobile menu beside the
 * name (see the marked spot), reusing `useLogout` for the menu's Logout.
 */
export function Navbar() {
  const { isPending, user } = useSession();
  return (
    <header className="border-b border-line bg-ink">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-5" aria-label="Main">
        <Link
          to={user ? paths.dashboard : paths.landing}
          className="font-display text-2xl uppercase tracking-wider"
          aria-label={`${config.appName} home`}
        >
          {config.appName}
          <span className="text-volt">.</span>
        </Link>
        {isPending ? null : user ? (
          <div className="flex min-w-0 items-center gap-3">
            {/* Dashboard issue: token display and the full-screen mobile menu go here. */}
            <span className="truncate text-sm font-semibold text-muted" data-testid="navbar-first-name">
              {user.firstName.trim() || "Username"}
            </span>
            <LogoutButton />
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <Link
              to={paths.login}
              className="rounded-full px-4 py-2 text-sm font-semibold uppercase tracking-wider text-text hover:text-volt"
            >
              Login
            </Link>
            <Link
              to={paths.signup}
              className="rounded-full bg-volt px-4 py-2 text-sm font-bold uppercase tracking-wider text-ink transition hover:bg-volt-strong"
            >
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
