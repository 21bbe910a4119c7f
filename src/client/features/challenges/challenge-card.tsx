import { useState } from "react";
import type { Challenge } from "../../../shared/plan/contracts.ts";
import { AcceptToggle } from "./accept-toggle.tsx";
import { useUpdateChallenge } from "./challenges-api.ts";

/** A generated challenge on the results screen: read, accept, or rewrite it in place. */
export function ChallengeCard({
  challenge,
  number,
  onPlanLimit,
}: {
  challenge: Challenge;
  number: number;
  onPlanLimit: (message: string | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <article
      className={`card flex flex-col transition ${challenge.challengeAccepted ? "border-volt/60 shadow-[0_0_0_1px_var(--color-volt)]" : ""}`}
      aria-labelledby={`challenge-${challenge.id}-title`}
      data-testid="challenge-card"
    >
      <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Challenge {number}</p>
      {editing ? (
        <ChallengeEditor challenge={challenge} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="mt-1 flex items-start justify-between gap-3">
            <h3 id={`challenge-${challenge.id}-title`} className="text-xl font-bold leading-snug">
              {challenge.title}
            </h3>
            <button
              type="button"
              className="shrink-0 rounded-full border border-line px-3 py-1.5 text-sm text-muted hover:border-muted hover:text-text"
              onClick={() => setEditing(true)}
              aria-label={`Edit ${challenge.title}`}
            >
              Edit
            </button>
          </div>
          <p className="mt-2 text-muted">{challenge.description}</p>
        </>
      )}
      {challenge.insight && (
        <div className="mt-4 rounded-xl bg-surface-2 p-3">
          <p className="text-xs font-semibold uppercase tracking-wider text-volt">Why this fits you</p>
          <p className="mt-1 text-sm">{challenge.insight}</p>
        </div>
      )}
      <div className="mt-auto pt-5">
        <AcceptToggle challenge={challenge} onPlanLimit={onPlanLimit} />
      </div>
    </article>
  );
}

function ChallengeEditor({ challenge, onDone }: { challenge: Challenge; onDone: () => void }) {
  const update = useUpdateChallenge();
  const [title, setTitle] = useState(challenge.title);
  const [description, setDescription] = useState(challenge.description);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: challenge.id, title, description });
      onDone();
    } catch {
      // Shown below from the mutation state; the typed text stays so nothing is lost.
    }
  }

  return (
    <form onSubmit={save} className="mt-2 space-y-3">
      <label className="block">
        <span className="text-sm text-muted">Title</span>
        <input className="field mt-1" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </label>
      <label className="block">
        <span className="text-sm text-muted">Description</span>
        <textarea
          className="field mt-1 resize-y"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
        />
      </label>
      {update.error && (
        <p role="alert" className="text-sm text-danger">
          {update.error.message}
        </p>
      )}
      <div className="flex gap-3">
        <button
          type="button"
          className="btn-secondary min-h-10 flex-1 px-4"
          onClick={onDone}
          disabled={update.isPending}
        >
          Cancel
        </button>
        <button type="submit" className="btn-primary min-h-10 flex-1 px-4" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
