import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import type { DashboardAccount } from "#client/components/dashboard-menu.tsx";
import { DashboardSidebar } from "#client/components/dashboard-sidebar.tsx";
import { DashboardNavbar } from "#client/components/navbar.tsx";
import { communityNewsQuery } from "#client/features/community/api/notifications.ts";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { OfflineNotice } from "#client/features/offline/offline-notice.tsx";
import { registerServiceWorker } from "#client/features/offline/register-service-worker.ts";
import { reminderSettingsQuery } from "#client/features/reminders/api/reminder-settings.ts";
import { TimeZoneSync } from "#client/features/reminders/use-time-zone-sync.ts";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { useSession } from "#client/lib/session.ts";

/** The frame's name and balance, and the time zone it keeps in step, load beside the page's own data (issue 37). */
export const clientLoader = () => preload(dashboardQuery(), reminderSettingsQuery());

/**
 * The same, in the HTML of a dashboard page the server renders (issue 37, decision 0139), with the count of his unread
 * community news for the menus' badge. Not in the `clientLoader`: his offline copy does not keep it, and a loader
 * whose answers the copy lacks waits for the network (decision 0142); there the badge comes once the frame mounts.
 */
export const loader = () => serverPreload(dashboardQuery(), reminderSettingsQuery(), communityNewsQuery());

/**
 * The frame of every dashboard page: the bar with the phone menu, the page, and the sidebar from 768 px. It reads
 * the name and balance from the dashboard query the home view loads anyway, so a spend written into that cache
 * shows in both menus at once, and the frame costs no request of its own.
 */
export default function DashboardLayout() {
  const dashboard = useQuery(dashboardQuery());
  const news = useQuery(communityNewsQuery());
  const { user } = useSession();
  // Only the signed-in app is installable and works offline: a visitor of the public pages downloads no app shell.
  useEffect(registerServiceWorker, []);
  const account: DashboardAccount = {
    // The session already knows the name: no fallback name flashes while the dashboard loads.
    firstName: dashboard.data?.firstName ?? user?.firstName ?? null,
    tokens: dashboard.data?.tokens ?? null,
    communityNews: news.data ?? 0,
  };
  return (
    <>
      <TimeZoneSync />
      <DashboardNavbar account={account} />
      <OfflineNotice loadedAt={dashboard.dataUpdatedAt || null} />
      <div className="mx-auto flex w-full max-w-6xl md:gap-2 md:pr-5 lg:gap-6">
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
        <DashboardSidebar account={account} />
      </div>
    </>
  );
}
