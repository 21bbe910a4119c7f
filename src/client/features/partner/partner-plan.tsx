import { ProgressBar } from "#client/components/progress-bar.tsx";
import { ProofView } from "#client/components/proof-view.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import type { PartnerPlanView } from "#shared/partners/contracts.ts";
import { milestoneLabels } from "#shared/plan/rules.ts";
import { PartnerScreenTimeSection } from "./partner-screen-time.tsx";

function Badge({ kind }: { kind: "done" | "overdue" }) {
  return kind === "done" ? (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-success">
      <span aria-hidden="true">✓</span> Done
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center rounded-full bg-danger/15 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-danger">
      Overdue
    </span>
  );
}

type Milestone = PartnerPlanView["challenges"][number]["milestones"][number];

function MilestoneRow({ milestone, timeZone }: { milestone: Milestone; timeZone: string }) {
  return (
    <li
      className={`rounded-xl border p-3.5 sm:p-4 ${
        milestone.completed
          ? "border-success/30 bg-success/[0.04]"
          : milestone.overdue
            ? "border-danger/40 bg-surface-2"
            : "border-line bg-surface-2"
      }`}
      data-testid="partner-milestone"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wider text-volt">
          {milestoneLabels[milestone.milestoneType]}
        </p>
        {milestone.completed ? <Badge kind="done" /> : milestone.overdue ? <Badge kind="overdue" /> : null}
      </div>
      <p className="mt-1.5 break-words text-text/90">{milestone.description}</p>
      <p className={`mt-1.5 text-sm ${milestone.overdue && !milestone.completed ? "text-danger" : "text-muted"}`}>
        {milestone.deadline ? `Due ${formatDeadline(milestone.deadline)}` : "No due day set"}
      </p>
      {milestone.proof && (
        <div className="mt-3 rounded-xl border border-line bg-surface/60 p-3" data-testid="partner-proof">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-success">✓ Proof</p>
          <ProofView proof={milestone.proof} alt={`Proof photo for: ${milestone.description}`} timeZone={timeZone} />
        </div>
      )}
    </li>
  );
}

/**
 * His plan as his partner sees it, read-only: the progress figure, the mission, then `children` (the cheer form, in
 * reach on a phone before the long list), his screen-time trend if he allows it, then each challenge and its
 * milestones.
 */
export function PartnerPlan({ plan, children }: { plan: PartnerPlanView; children?: React.ReactNode }) {
  const milestones = plan.challenges.flatMap((c) => c.milestones);
  const done = milestones.filter((m) => m.completed).length;
  const overdue = milestones.filter((m) => m.overdue && !m.completed).length;
  return (
    <>
      <div className="card mt-6">
        <div className="flex items-end gap-3">
          <p className="font-display text-6xl leading-none text-volt tabular-nums">{plan.progress}%</p>
          <p className="pb-1 text-sm text-muted">
            {milestones.length === 0
              ? "No milestones yet"
              : `${done} of ${milestones.length} milestones done${overdue > 0 ? ` · ${overdue} overdue` : ""}`}
          </p>
        </div>
        <div className="mt-4">
          <ProgressBar value={plan.progress} label={`${plan.firstName}'s progress`} showValue={false} />
        </div>
      </div>

      {plan.lifeMission ? (
        <section aria-labelledby="mission-heading" className="mt-6 rounded-2xl border border-line bg-surface-2 p-5">
          <h2 id="mission-heading" className="eyebrow">
            {plan.firstName}'s life mission
          </h2>
          <p className="mt-3 break-words font-display text-2xl uppercase leading-tight tracking-wide sm:text-3xl">
            {plan.lifeMission}
          </p>
        </section>
      ) : null}

      {children}

      {plan.screenTime ? <PartnerScreenTimeSection firstName={plan.firstName} screenTime={plan.screenTime} /> : null}

      <section aria-labelledby="challenges-heading" className="mt-10">
        <h2 id="challenges-heading" className="font-display text-2xl uppercase tracking-wide sm:text-3xl">
          {plan.firstName}
          {plan.challenges.length === 1 ? "'s challenge" : "'s challenges"}
        </h2>
        {plan.challenges.length === 0 ? (
          <p className="mt-3 text-muted">{plan.firstName} has not accepted a challenge yet. Check back soon.</p>
        ) : (
          <ol className="mt-4 space-y-6">
            {plan.challenges.map((challenge, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order, whose challenges have no id here.
              <li key={index} className="card" data-testid="partner-challenge">
                <p className="text-xs font-bold uppercase tracking-[0.2em] text-muted">Challenge {index + 1}</p>
                <h3 className="mt-1 break-words text-xl font-bold">{challenge.title}</h3>
                <div className="mt-3">
                  <ProgressBar value={challenge.progress} label={`Progress of ${challenge.title}`} />
                </div>
                <ul className="mt-4 space-y-3" aria-label={`Milestones of ${challenge.title}`}>
                  {challenge.milestones.map((milestone) => (
                    <MilestoneRow
                      key={`${milestone.milestoneType}-${milestone.description}`}
                      milestone={milestone}
                      timeZone={plan.timeZone}
                    />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
