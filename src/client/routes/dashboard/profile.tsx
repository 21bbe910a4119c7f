import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { DeleteAccountSection } from "#client/features/account/delete-account-section.tsx";
import { DownloadDataSection } from "#client/features/account/download-data-section.tsx";
import { FirstNameForm } from "#client/features/account/first-name-form.tsx";
import { ProfileCard } from "#client/features/account/profile-card.tsx";
import { myBadgesQuery } from "#client/features/community/api/feed.ts";
import { ProfileBadges } from "#client/features/community/badges/profile-badges.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { sessionQuery } from "#client/lib/session.ts";
import type { Me } from "#shared/account/contracts.ts";
import type { Dashboard } from "#shared/dashboard/contracts.ts";

export const clientLoader = () => preload(sessionQuery(), dashboardQuery(), myBadgesQuery());

/** The same in the page the server renders; who he is and the dashboard come with the frames' loaders. */
export const loader = () => serverPreload(myBadgesQuery());

/**
 * /dashboard/profile: who he is to the app, the first name the dashboard greets him with, the badges he has earned
 * (issue 40), and his data rights: the download of everything stored about him and, last and set apart, deleting the
 * account.
 */
export default function Profile() {
  const session = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  const user = session.data?.user ?? null;

  // The menus read the name from the dashboard query: write the new one there so they change with the form.
  function nameSaved(me: Me) {
    const firstName = me.user?.firstName;
    if (firstName === undefined) return;
    queryClient.setQueryData<Dashboard>(dashboardQuery().queryKey, (dashboard) =>
      dashboard ? { ...dashboard, firstName } : dashboard,
    );
  }

  return (
    <DashboardPage eyebrow="Profile" title="Your profile">
      <ProfileCard isPending={session.isPending} user={user} />
      {user ? (
        <>
          <section aria-labelledby="name-heading" className="card mt-6">
            <h2 id="name-heading" className="text-lg font-bold">
              Your name
            </h2>
            <p className="mt-1 mb-5 text-sm text-muted">The name your dashboard greets you with.</p>
            <FirstNameForm key={user.firstName} firstName={user.firstName} onSaved={nameSaved} />
          </section>
          <ProfileBadges />
          <DownloadDataSection />
          <DeleteAccountSection email={user.email} />
        </>
      ) : null}
    </DashboardPage>
  );
}
