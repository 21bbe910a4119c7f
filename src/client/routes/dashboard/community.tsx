import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { communityQuery } from "#client/features/community/api/community.ts";
import { feedQuery } from "#client/features/community/api/feed.ts";
import { notificationsQuery } from "#client/features/community/api/notifications.ts";
import { ComingFeatures } from "#client/features/community/coming-features.tsx";
import { CommunityHero } from "#client/features/community/community-hero.tsx";
import { CommunityFeed } from "#client/features/community/feed/community-feed.tsx";
import { FeedSkeleton } from "#client/features/community/feed/feed-skeleton.tsx";
import { shareableWins } from "#client/features/community/feed/shareable-wins.ts";
import { CommunityNotifications } from "#client/features/community/notifications/community-notifications.tsx";
import { PreviewTabs } from "#client/features/community/preview-tabs.tsx";
import { SamplePosts } from "#client/features/community/sample-posts.tsx";
import { dashboardQuery } from "#client/features/dashboard/api/dashboard.ts";
import { onboardingQuery } from "#client/features/onboarding/api/onboarding.ts";
import { config } from "#client/lib/config.ts";
import { preload } from "#client/lib/preload.ts";
import { appQueryClient } from "#client/lib/query-client.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { pageHydrated } from "#client/lib/use-hydrated.ts";

export function meta() {
  return [{ title: `Community — ${config.appName}` }];
}

/** How long the first page load waits for the feed, as `preload` waits for the rest (issue 37). */
const FEED_FIRST_PAINT_WAIT_MS = 1_500;

/**
 * The overview says whether he is a member; a member's first page of the feed starts at once after it, so the first
 * paint holds posts rather than placeholders. Later visits show what the cache has while it refreshes.
 */
export async function clientLoader() {
  await preload(communityQuery());
  const client = appQueryClient();
  if (!client.getQueryData(communityQuery().queryKey)?.admitted) return null;
  const feed = Promise.all([client.prefetchInfiniteQuery(feedQuery()), client.prefetchQuery(notificationsQuery())]);
  if (!pageHydrated()) {
    await Promise.race([feed, new Promise((resolve) => setTimeout(resolve, FEED_FIRST_PAINT_WAIT_MS))]);
  }
  return null;
}

/** The same in the page the server renders: a member's first page of posts is in its HTML (issue 37). */
export const loader = () =>
  serverPreload(async (client) => {
    await client.prefetchQuery(communityQuery());
    if (!client.getQueryData(communityQuery().queryKey)?.admitted) return;
    await Promise.all([client.prefetchInfiniteQuery(feedQuery()), client.prefetchQuery(notificationsQuery())]);
  });

/**
 * /dashboard/community: the feed for a member let in from the waitlist (issue 40); for everyone else SPEC.md's feed
 * preview and his place on the waitlist, as before.
 */
export default function Community() {
  const overview = useQuery(communityQuery());
  if (overview.data?.admitted) return <MemberCommunity />;
  if (overview.isPending) {
    return (
      <DashboardPage eyebrow="Community" title="Community">
        <FeedSkeleton />
      </DashboardPage>
    );
  }
  return <CommunityPreview />;
}

function CommunityPreview() {
  return (
    <DashboardPage eyebrow="Community" title="Community">
      <CommunityHero />
      <div className="mt-10">
        <PreviewTabs
          label="Community preview"
          tabs={[
            { id: "feed", label: "Preview Feed", panel: <SamplePosts /> },
            { id: "features", label: "Coming Features", panel: <ComingFeatures /> },
          ]}
        />
      </div>
    </DashboardPage>
  );
}

/** A week of the minutes a day he took back (issue 55): what a win may show; the server works it out again. */
function tookBackThisWeek(perDay: number | undefined) {
  return perDay && perDay > 0 ? perDay * 7 : null;
}

/** His wins come from his plan (the dashboard) and his run (onboarding); "?share=" opens the composer with one chosen. */
function MemberCommunity() {
  const dashboard = useQuery(dashboardQuery());
  const onboarding = useQuery(onboardingQuery());
  const [search, setSearch] = useSearchParams();
  const share = search.get("share");

  return (
    <DashboardPage eyebrow="Community" title="Community">
      <CommunityFeed
        news={<CommunityNotifications className="mt-8" />}
        wins={shareableWins(dashboard.data, onboarding.data)}
        tookBackThisWeek={tookBackThisWeek(dashboard.data?.screenTime.takenBack?.minutesPerDay)}
        winsLoading={dashboard.isPending || onboarding.isPending}
        composeWith={share}
        onComposerClosed={() => {
          if (share !== null) setSearch({}, { replace: true });
        }}
      />
    </DashboardPage>
  );
}
