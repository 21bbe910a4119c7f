import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { communityQuery } from "#client/features/community/api/community.ts";
import { ComingFeatures } from "#client/features/community/coming-features.tsx";
import { CommunityHero } from "#client/features/community/community-hero.tsx";
import { PreviewTabs } from "#client/features/community/preview-tabs.tsx";
import { SamplePosts } from "#client/features/community/sample-posts.tsx";
import { config } from "#client/lib/config.ts";
import { preload } from "#client/lib/preload.ts";

export function meta() {
  return [{ title: `Community — ${config.appName}` }];
}

export const clientLoader = () => preload(communityQuery());

/** /dashboard/community: SPEC.md's feed preview while the community is not open yet. */
export default function CommunityPreview() {
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
