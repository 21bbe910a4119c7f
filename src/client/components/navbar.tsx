import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { isDashboardPath, paths } from "#shared/paths.ts";
import { useSession } from "../lib/session.ts";
import type { DashboardAccount } from "./dashboard-menu.tsx";
import { Logo } from "./logo.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { MenuIcon } from "./menu-icons.tsx";
import { PhoneMenu } from "./phone-menu.tsx";

function Bar({ children }: { children: React.ReactNode }) {
  return (
    <header className="border-b border-line bg-ink">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-5" aria-label="Main">
        {children}
      </nav>
    </header>
  );
}

/**
 * Top navigation outside the dashboard. Signed out: Login and Sign up. Signed in: the first name and Logout.
 * Dashboard pages draw their own bar (`DashboardNavbar`, from the dashboard frame, which knows the balance).
 */
export function Navbar() {
  const { isPending, user } = useSession();
  const { pathname } = useLocation();
  if (user && isDashboardPath(pathname)) return null;
  return (
    <Bar>
      <Logo to={user ? paths.dashboard : paths.landing} />
      {isPending ? null : user ? (
        <div className="flex min-w-0 items-center gap-3">
          <span className="truncate text-sm font-semibold text-muted" data-testid="navbar-first-name">
            {user.firstName.trim() || "Username"}
          </span>
          <LogoutButton className="cursor-pointer rounded-full border border-line px-4 py-2 text-sm font-semibold uppercase tracking-wider transition hover:border-muted">
            Logout
          </LogoutButton>
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
    </Bar>
  );
}

/**
 * The bar of every dashboard page: the logo back to /dashboard and, on phones, the first name and the button that
 * opens the full-screen menu (from 768 px the sidebar carries the menu instead).
 */
export function DashboardNavbar({ account }: { account: DashboardAccount }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Leaving the page through anything but a menu link (the logo, the back button) closes the menu too.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) setOpen(false);
    shownOn.current = pathname;
  }, [pathname]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <>
      <Bar>
        <Logo to={paths.dashboard} />
        <div className="flex min-w-0 items-center gap-2 md:hidden">
          <span className="truncate text-sm font-semibold text-muted" data-testid="navbar-first-name">
            {account.firstName?.trim() || "Username"}
          </span>
          <button
            ref={button}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(true)}
            className="relative -mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-text transition hover:bg-surface-2"
          >
            <MenuIcon name="menu" className="size-6" />
            {/* The menu is closed on a phone: its button says there is news inside (issue 53 row 6). */}
            <span className="sr-only">Open menu{account.communityNews ? `, ${account.communityNews} new` : ""}</span>
            {account.communityNews ? (
              <span
                aria-hidden="true"
                className="absolute top-2 right-2 size-2.5 rounded-full bg-volt ring-2 ring-ink"
              />
            ) : null}
          </button>
        </div>
      </Bar>
      <PhoneMenu id={menuId} open={open} account={account} onClose={close} />
    </>
  );
}
