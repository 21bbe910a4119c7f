import type { Challenge } from "#shared/plan/contracts.ts";
import { milestoneLabels, planMessages, sortMilestones } from "#shared/plan/rules.ts";
import { useUpdateChallenge } from "./api/update-challenge.ts";
import { useUpdateMilestone } from "./api/update-milestone.ts";
import { AutosaveText } from "./autosave-text.tsx";

/** Workflow step 1: one accepted challenge with its title, description and three milestone texts. */
export function ChallengeSetupCard({
  challenge,
  number,
  onDraftChange,
}: {
  challenge: Challenge;
  number: number;
  onDraftChange: (milestoneId: string, text: string) => void;
}) {
  const updateChallenge = useUpdateChallenge();
  const updateMilestone = useUpdateMilestone();
  return (
    <article className="card" data-testid="setup-card">
      <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Challenge {number}</p>
      <div className="mt-2">
        <AutosaveText
          label={`title of challenge ${number}`}
          value={challenge.title}
          multiline={false}
          required={planMessages.titleRequired}
          maxLength={200}
          viewClassName="text-xl font-bold leading-snug"
          onSave={(title) => updateChallenge.mutateAsync({ id: challenge.id, title })}
        />
      </div>
      <div className="mt-3">
        <AutosaveText
          label={`description of challenge ${number}`}
          value={challenge.description}
          required={planMessages.descriptionRequired}
          maxLength={2000}
          viewClassName="text-muted"
          onSave={(description) => updateChallenge.mutateAsync({ id: challenge.id, description })}
        />
      </div>
      <ol className="mt-5 space-y-3">
        {sortMilestones(challenge.milestones).map((milestone) => (
          <li key={milestone.id} className="rounded-xl border border-line bg-surface-2 p-4">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-volt">
              {milestoneLabels[milestone.milestoneType]}
            </p>
            <AutosaveText
              label={`${milestoneLabels[milestone.milestoneType]} of challenge ${number}`}
              value={milestone.milestoneDescription}
              placeholder="Describe this milestone"
              required={planMessages.milestoneDescriptionRequired}
              onDraftChange={(text) => onDraftChange(milestone.id, text)}
              onSave={(milestoneDescription) => updateMilestone.mutateAsync({ id: milestone.id, milestoneDescription })}
            />
          </li>
        ))}
      </ol>
    </article>
  );
}
