import type { Dashboard } from "../../../shared/dashboard/contracts.ts";

const defaultMission =
  "Trade the scroll for the work that matters: show up daily, keep your word to yourself, and build something you are proud of.";

/** First version of the banner: the life mission. The 3-slide carousel comes with the full dashboard. */
export function MissionBanner({ mission }: { mission: Dashboard["mission"] }) {
  return (
    <section
      aria-labelledby="mission-heading"
      className="relative overflow-hidden rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/15 via-surface to-surface p-6 sm:p-8"
    >
      <h2 id="mission-heading" className="text-xs font-semibold uppercase tracking-[0.25em] text-volt">
        My Life Mission
      </h2>
      <p className="mt-3 text-xl font-semibold leading-snug sm:text-2xl">
        {mission?.lifeMission || mission?.missionStatement || defaultMission}
      </p>
    </section>
  );
}
