import type { Mission } from "#shared/plan/contracts.ts";

type Insight = { title: string; text: string | null; featured?: boolean };

function insightsOf(mission: Mission): Insight[] {
  return [
    { title: "Your Life Mission", text: mission.lifeMission || mission.missionStatement, featured: true },
    { title: "Vision", text: mission.vision },
    { title: "Screen-to-Action Plan", text: mission.screenToActionPlan },
    { title: "Accountability Framework", text: mission.accountabilityFramework },
  ];
}

/** The last of an odd number of plain cards takes the full row rather than leaving half of it empty. */
function lastAlone(insights: Insight[], index: number) {
  const plain = insights.filter((insight) => !insight.featured).length;
  return index === insights.length - 1 && !insights[index]?.featured && plain % 2 === 1;
}

/** SPEC.md section 2's Insights panel: what the quiz found, one card per part, only the parts that were written. */
export function InsightCards({ isPending, mission }: { isPending: boolean; mission: Mission | null }) {
  if (isPending) {
    return (
      <p className="card text-muted" role="status">
        Loading insights...
      </p>
    );
  }
  const insights = mission ? insightsOf(mission).filter((insight) => insight.text?.trim()) : [];
  if (insights.length === 0) {
    return (
      <div className="card text-center" role="status">
        <p className="text-lg font-semibold">No insights found.</p>
        <p className="mt-2 text-sm text-muted">Finish the assessment quiz and your mission and plan will show here.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {insights.map((insight, index) => (
        <section
          key={insight.title}
          aria-label={insight.title}
          className={
            insight.featured
              ? "rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/15 via-surface to-surface p-6 sm:col-span-2"
              : `card ${lastAlone(insights, index) ? "sm:col-span-2" : ""}`
          }
        >
          <h2 className="text-xs font-bold uppercase tracking-[0.2em] text-volt">{insight.title}</h2>
          <p
            className={`mt-3 whitespace-pre-line leading-relaxed ${insight.featured ? "text-xl font-semibold sm:text-2xl" : "text-text/90"}`}
          >
            {insight.text}
          </p>
        </section>
      ))}
    </div>
  );
}
