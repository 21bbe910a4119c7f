import { NavLink } from "react-router";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { LogoutButton } from "./logout-button.tsx";
import { type IconName, MenuIcon } from "./menu-icons.tsx";
import { isUnlimited, TokenDisplay } from "./token-display.tsx";

/**
 * Who the dashboard menus greet; `null` fields are still loading. `communityNews`: his unread community notifications,
 * the badge on Community (issue 53 row 6).
 */
export type DashboardAccount = { firstName: string | null; tokens: Dashboard["tokens"] | null; communityNews: number };

type MenuItem = { to: string; label: string; icon: IconName; news?: number };

/**
 * SPEC.md section 2's order: Dashboard, Community, Profile, the premium item, Help; Insights (issue 27's page) follows
 * the dashboard it details, so a new user finds it (issue 35 row 9, decision 0117).
 */
function mainItems({ tokens, communityNews }: DashboardAccount): MenuItem[] {
  const premium = tokens !== null && isUnlimited(tokens);
  return [
    { to: paths.dashboard, label: "Dashboard", icon: "dashboard" },
    { to: dashboardSectionPath("results"), label: "Insights", icon: "insights" },
    { to: dashboardSectionPath("community"), label: "Community", icon: "community", news: communityNews },
    { to: dashboardSectionPath("profile"), label: "Profile", icon: "profile" },
    // A premium member has nothing to buy: the item names his plan and leads to where he manages it.
    { to: dashboardSectionPath("premium"), label: premium ? "Premium" : "Go Premium", icon: "premium" },
    { to: dashboardSectionPath("help"), label: "Help", icon: "help" },
  ];
}

const settingsItem: MenuItem = { to: dashboardSectionPath("settings"), label: "Settings", icon: "settings" };

type Size = "compact" | "large";

const itemClasses: Record<Size, string> = {
  compact: "min-h-11 gap-3 rounded-xl px-3 text-sm font-semibold",
  large: "min-h-14 gap-4 rounded-2xl px-4 text-lg font-semibold",
};

function MenuLinks({ items, size, onNavigate }: { items: MenuItem[]; size: Size; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          {/* NavLink marks the current section with aria-current="page"; `end` keeps Dashboard unmarked on sections. */}
          <NavLink
            to={item.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center transition ${itemClasses[size]} ${
                isActive ? "bg-volt/10 text-volt" : "text-text/85 hover:bg-surface-2 hover:text-text"
              }`
            }
          >
            <MenuIcon name={item.icon} className={size === "large" ? "size-6" : "size-5"} />
            {item.label}
            {item.news ? <NewsBadge count={item.news} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The number in a volt pill; "new" only for a screen reader, so the link is named "Community 2 new" and its visible
 * text stays part of its name.
 */
function NewsBadge({ count }: { count: number }) {
  return (
    <span
      className="ml-auto grid h-6 min-w-6 place-items-center rounded-full bg-volt px-1.5 text-xs font-bold text-ink"
      data-testid="community-news"
    >
      {count}
      <span className="sr-only"> new</span>
    </span>
  );
}

/** The dashboard's menu items, in the sidebar (compact) and the phone menu (large). */
export function DashboardMenu({
  account,
  size,
  onNavigate,
}: {
  account: DashboardAccount;
  size: Size;
  onNavigate?: () => void;
}) {
  return <MenuLinks items={mainItems(account)} size={size} onNavigate={onNavigate} />;
}

/** Settings and Logout, kept apart at the bottom of both menus. */
export function DashboardMenuFooter({ size, onNavigate }: { size: Size; onNavigate?: () => void }) {
  return (
    <div className="space-y-1">
      <MenuLinks items={[settingsItem]} size={size} onNavigate={onNavigate} />
      <LogoutButton
        className={`flex w-full cursor-pointer items-center text-muted transition hover:bg-surface-2 hover:text-text ${itemClasses[size]}`}
      >
        <MenuIcon name="logout" className={size === "large" ? "size-6" : "size-5"} />
        Logout
      </LogoutButton>
    </div>
  );
}

/** The first name over the balance; the fallback name differs by menu (SPEC.md: 'Friend' in the sidebar, 'Username' on phones). */
export function AccountSummary({ account, fallbackName }: { account: DashboardAccount; fallbackName: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-display text-2xl uppercase leading-tight tracking-wide">
        {account.firstName?.trim() || fallbackName}
      </p>
      <p className="mt-1 flex min-h-7 items-center gap-2 text-sm font-semibold text-muted">
        {account.tokens === null ? null : isUnlimited(account.tokens) ? (
          <>
            <TokenDisplay tokens={account.tokens} className="text-2xl leading-none text-volt" />
            {/* The sign's title names the plan for screen readers; this says it to the eye. */}
            <span
              aria-hidden="true"
              className="rounded-full bg-volt/15 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-volt"
            >
              Premium
            </span>
          </>
        ) : (
          <>
            <MenuIcon name="premium" className="size-4 text-volt" />
            <TokenDisplay tokens={account.tokens} className="text-text/90" />
          </>
        )}
      </p>
    </div>
  );
}
