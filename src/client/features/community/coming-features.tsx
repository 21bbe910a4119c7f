import { Link } from "react-router";
import { paths } from "#shared/paths.ts";

const features = [
  {
    title: "Share your wins",
    text: "Post a finished milestone or a hard run, and get cheered on by men who know what it took.",
  },
  {
    title: "Accountability partners",
    text: "Pair up with someone on a similar mission and check in every week. Quitting is harder when someone asks.",
  },
  {
    title: "Challenge groups",
    text: "Small groups around one goal — fitness, career, a side business — moving through their milestones together.",
  },
  {
    title: "Badges and streaks",
    text: "Earn badges for completed milestones and days kept off the scroll, visible on your profile.",
  },
] as const;

/** What the community will offer when it opens, and the way in. */
export function ComingFeatures() {
  return (
    <div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {features.map((feature, index) => (
          <li key={feature.title} className="card">
            <p aria-hidden="true" className="font-display text-2xl text-volt">
              0{index + 1}
            </p>
            <h3 className="mt-1 font-bold">{feature.title}</h3>
            <p className="mt-2 text-sm text-muted">{feature.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 rounded-2xl border border-volt/40 bg-volt/5 p-5 text-center sm:p-6">
        <p className="font-bold">Be there on day one.</p>
        <p className="mt-1 text-sm text-muted">Members on the waitlist are the first to get in.</p>
        <Link to={paths.communityWaitlist} className="btn-primary mt-4 w-full sm:w-auto">
          Get Early Access
        </Link>
      </div>
    </div>
  );
}
