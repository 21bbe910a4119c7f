import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { type Challenge, updateChallengeSchema } from "#shared/plan/contracts.ts";
import { AcceptToggle } from "./accept-toggle.tsx";
import { useUpdateChallenge } from "./api/update-challenge.ts";
import { PlanLimitNotice } from "./plan-limit-notice.tsx";

/**
 * A generated challenge on the results screen: read, accept, or rewrite it in place. A `locked` card (the plan's
 * active challenges are taken) shows the limit and the way to Premium instead of a full-strength ACCEPT button;
 * a refused accept (the limit reached in another tab) says so on this card, where the user tapped.
 */
export function ChallengeCard({
  challenge,
  number,
  locked,
  premium,
}: {
  challenge: Challenge;
  number: number;
  locked: boolean;
  premium: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
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
              className="-my-1 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full border border-line px-4 text-sm text-muted hover:border-muted hover:text-text"
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
        {locked || refused ? (
          <PlanLimitNotice
            premium={premium}
            message={refused}
            onDismiss={refused && !locked ? () => setRefused(null) : undefined}
          />
        ) : (
          <AcceptToggle challenge={challenge} onPlanLimit={setRefused} />
        )}
      </div>
    </article>
  );
}

/** The editable texts, with the messages the server would answer (checked before anything is sent). */
const editorSchema = z.object({
  title: updateChallengeSchema.shape.title.unwrap(),
  description: updateChallengeSchema.shape.description.unwrap(),
});

function ChallengeEditor({ challenge, onDone }: { challenge: Challenge; onDone: () => void }) {
  const update = useUpdateChallenge();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(editorSchema),
    defaultValues: { title: challenge.title, description: challenge.description },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const error = errors.title?.message ?? errors.description?.message ?? update.error?.message;

  const save = handleSubmit(async (texts) => {
    try {
      await update.mutateAsync({ id: challenge.id, ...texts });
      onDone();
    } catch {
      // Shown below from the mutation state; the typed text stays so nothing is lost.
    }
  });

  return (
    <form onSubmit={save} className="mt-2 space-y-3">
      <label className="block">
        <span className="text-sm text-muted">Title</span>
        <input className="field mt-1" maxLength={200} {...register("title")} />
      </label>
      <label className="block">
        <span className="text-sm text-muted">Description</span>
        <textarea className="field mt-1 resize-y" rows={4} maxLength={2000} {...register("description")} />
      </label>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <button
          type="button"
          className="btn-secondary min-h-11 flex-1 px-4"
          onClick={onDone}
          disabled={update.isPending}
        >
          Cancel
        </button>
        <button type="submit" className="btn-primary min-h-11 flex-1 px-4" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
