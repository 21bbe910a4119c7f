import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { TextAreaField, TextField } from "#client/components/text-field.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { ReplanOffer } from "#shared/replan/contracts.ts";
import { inWindow, REPLAN_TODOS, replanMessages, replanReasonLabels } from "#shared/replan/rules.ts";
import { useAcceptReplan, useDismissReplan } from "./api/replan.ts";

type Values = { milestoneDescription: string; deadline: string; todos: string[] };

/** The server's rules plus the window the offer came with, so a wrong date is named before anything is sent. */
async function schemaFor(offer: ReplanOffer) {
  const { acceptReplanSchema } = await import("#shared/replan/contracts.ts");
  return acceptReplanSchema.superRefine((value, ctx) => {
    if (value.deadline && !inWindow(value.deadline, offer.window)) {
      ctx.addIssue({ code: "custom", path: ["deadline"], message: replanMessages.deadlineOutside(offer.window) });
    }
  });
}

/**
 * The AI's proposal, ready to accept as it is or after editing: the smaller step, its date within the challenge's
 * remaining time, and the three todos that take the open ones' place. Dismissing keeps the milestone as it was.
 */
export function ReplanDialog({
  open,
  milestoneId,
  offer,
  openTodos,
  onClose,
}: {
  open: boolean;
  milestoneId: string;
  offer: ReplanOffer;
  openTodos: number;
  onClose: () => void;
}) {
  const accept = useAcceptReplan(milestoneId);
  const dismiss = useDismissReplan(milestoneId);
  const resolver = useMemo(() => lazyZodResolver<Values>(() => schemaFor(offer)), [offer]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: { ...offer.proposal, todos: offer.proposal.todos.slice(0, REPLAN_TODOS) },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const busy = accept.isPending || dismiss.isPending;
  useEffect(() => {
    if (open) resolver.preload();
  }, [open, resolver]);

  const onAccept = handleSubmit(async (values) => {
    try {
      await accept.mutateAsync(values);
      toast.success(`Back on track: next step due ${formatDeadline(values.deadline)}.`);
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  });

  async function onDismiss() {
    try {
      await dismiss.mutateAsync();
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <Modal open={open} title="Your re-plan" onClose={onClose} className="max-w-lg">
      <p className="mt-2 text-sm text-muted">
        {replanReasonLabels[offer.reason]}
        {offer.note ? ` — “${offer.note}”` : ""}. Here is a smaller next step. Change anything you like.
      </p>
      <form noValidate onSubmit={onAccept} aria-label="Your re-plan" className="mt-5 space-y-4">
        <TextAreaField
          label="Next step"
          rows={3}
          maxLength={300}
          error={errors.milestoneDescription?.message}
          {...register("milestoneDescription")}
        />
        <TextField
          label="New date"
          type="date"
          min={offer.window.earliest}
          max={offer.window.latest}
          error={errors.deadline?.message}
          {...register("deadline")}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">
            Todos{" "}
            <span className="font-normal text-muted">
              {openTodos > 0 ? `(replace your ${openTodos} open todo${openTodos === 1 ? "" : "s"})` : ""}
            </span>
          </legend>
          <div className="space-y-2">
            {Array.from({ length: REPLAN_TODOS }, (_, i) => (
              <TextAreaField
                // The three slots never move, so their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
                key={i}
                label={`Todo ${i + 1}`}
                rows={2}
                maxLength={200}
                error={errors.todos?.[i]?.message ?? (i === 0 ? errors.todos?.message : undefined)}
                {...register(`todos.${i}` as const)}
              />
            ))}
          </div>
        </fieldset>
        <ErrorBox message={accept.error?.message ?? dismiss.error?.message} />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
          <button type="button" className="btn-secondary flex-1" onClick={onDismiss} disabled={busy}>
            {dismiss.isPending ? "Dismissing..." : "Dismiss"}
          </button>
          <button type="submit" className="btn-primary flex-1" disabled={busy}>
            {accept.isPending ? "Saving..." : "Accept"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
