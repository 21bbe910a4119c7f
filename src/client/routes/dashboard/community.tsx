import { DashboardPage } from "../../components/dashboard-page.tsx";
import { ComingFeatures } from "../../features/community/coming-features.tsx";
import { CommunityHero } from "../../features/community/community-hero.tsx";
import { PreviewTabs } from "../../features/community/preview-tabs.tsx";
import { SamplePosts } from "../../features/community/sample-posts.tsx";
import { config } from "../../lib/config.ts";

export function meta() {
  return [{ title: `Community — ${config.appName}` }];
}

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
