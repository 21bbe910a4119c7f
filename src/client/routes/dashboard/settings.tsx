import { Link } from "react-router";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { calendarFeedQuery } from "#client/features/calendar/api/calendar-feed.ts";
import { CalendarFeedSection } from "#client/features/calendar/calendar-feed-section.tsx";
import { prefetchDigestSetting } from "#client/features/community/api/notifications.ts";
import { CommunityDigestSection } from "#client/features/community/notifications/community-digest-section.tsx";
import { partnersQuery } from "#client/features/partner/api/partners.ts";
import { PartnerSettingsSection } from "#client/features/partner/partner-settings-section.tsx";
import { reminderSettingsQuery } from "#client/features/reminders/api/reminder-settings.ts";
import { ReminderSettingsSection } from "#client/features/reminders/reminder-settings-section.tsx";
import { stravaQuery } from "#client/features/strava/api/strava.ts";
import { StravaSettingsSection } from "#client/features/strava/strava-settings-section.tsx";
import { useStravaResult } from "#client/features/strava/use-strava-result.ts";
import { config } from "#client/lib/config.ts";
import { preload } from "#client/lib/preload.ts";
import { serverPreload } from "#client/lib/server-preload.ts";
import { dashboardSectionPath } from "#shared/paths.ts";

/** SPEC.md section 1: the settings page is a tips page, in this order. */
const tips = [
  {
    title: "Answer authentically",
    text: "Your plan is only as honest as your answers. Write what is true, not what sounds good: the mission that comes back is built from your own words.",
  },
  {
    title: "Track your progress",
    text: "Open your dashboard every day. Tick off todos, complete milestones and watch the progress bar move: small wins, seen daily, keep you going.",
  },
  {
    title: "Retake the quiz to update your goals",
    text: "You will change, and your goals should too. When they no longer fit, retake the quiz from Insights for a fresh mission and challenges.",
    link: { to: dashboardSectionPath("results"), label: "Go to Insights" },
  },
  {
    title: "Purpose first",
    text: "Start each day with your mission, not your feed. Know why you do the work before you pick up the phone.",
  },
] as const;

export const clientLoader = () =>
  preload(reminderSettingsQuery(), partnersQuery(), calendarFeedQuery(), stravaQuery(), prefetchDigestSetting);

/** The same in the page the server renders; the reminder settings come with the frame's (layout.tsx). */
export const loader = () => serverPreload(partnersQuery(), calendarFeedQuery(), stravaQuery(), prefetchDigestSetting);

/** /dashboard/settings */
export default function Settings() {
  // Back from Strava's authorize page: what happened, once.
  useStravaResult();
  return (
    <DashboardPage eyebrow="Settings" title="Settings" intro="Tips to get the most out of your journey.">
      <ol className="space-y-3">
        {tips.map((tip, index) => (
          <li key={tip.title} className="card flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-volt/10 font-display text-lg text-volt"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h2 className="font-bold">{tip.title}</h2>
              <p className="mt-1 text-muted">{tip.text}</p>
              {"link" in tip ? (
                <Link
                  to={tip.link.to}
                  className="mt-2 inline-block text-sm font-semibold text-volt underline-offset-4 hover:underline"
                >
                  {tip.link.label}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 space-y-6">
        <PartnerSettingsSection />
        <ReminderSettingsSection />
        <CommunityDigestSection />
        <CalendarFeedSection />
        <StravaSettingsSection />
      </div>
      <p className="mt-6 rounded-2xl border border-dashed border-line p-5 text-muted">
        <span className="font-semibold text-text">Coming soon:</span> more ways to tailor the app to you.
      </p>
      <p className="mt-6 text-muted">
        Questions or ideas? Contact us at{" "}
        <a
          href={`mailto:${config.supportEmail}`}
          className="break-words font-semibold text-volt underline decoration-volt/40 underline-offset-4 hover:decoration-volt"
        >
          {config.supportEmail}
        </a>
        .
      </p>
    </DashboardPage>
  );
}
