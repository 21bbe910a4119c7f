import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify/unstyled";
import { z } from "zod";
import { formatMinutes } from "#shared/minutes.ts";
import { maxDurationInputSchema } from "#shared/run-challenge/contracts.ts";
import { MAX_DURATION_MINUTES, targetMinutes, VALIDATE_DELAY_MS } from "#shared/run-challenge/rules.ts";
import { acceptFailedMessage, useAcceptChallenge } from "./api/accept-challenge.ts";

/** The longest run as typed (SPEC.md section 5's three messages), or 'I have never run before'. */
const durationFormSchema = z.discriminatedUnion("neverRan", [
  z.object({ neverRan: z.literal(true), maxDuration: z.string().optional() }),
  z.object({ neverRan: z.literal(false), maxDuration: maxDurationInputSchema }),
]);

/**
 * 'Your target': the longest run ever and the target it implies (1.5 ×, never under an hour). Validating saves it
 * inside SPEC's deliberate 2-second pause, after the acceptance this screen recorded on arrival (`firstAccept`).
 * Errors show on submit and clear as soon as the field holds a valid value.
 */
export function DurationForm({
  savedMax,
  firstAccept,
  onValidated,
}: {
  savedMax: number | null;
  firstAccept: React.RefObject<Promise<unknown> | null>;
  /** `neverRan`: he ticked 'I have never run before', so the next form does not ask for a longest run again. */
  onValidated: (neverRan: boolean) => void;
}) {
  const accept = useAcceptChallenge();
  const [validated, setValidated] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(durationFormSchema),
    defaultValues: { maxDuration: savedMax === null ? "" : String(savedMax), neverRan: false },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const [raw, neverRan] = useWatch({ control, name: ["maxDuration", "neverRan"] });
  const validating = isSubmitting || validated;
  const error = errors.maxDuration?.message;

  const parsed = maxDurationInputSchema.safeParse(raw ?? "");
  const target = neverRan ? targetMinutes(null) : parsed.success ? targetMinutes(parsed.data) : null;

  const onSubmit = handleSubmit(async (form) => {
    const maxDurationMinutes = form.neverRan ? null : form.maxDuration;
    try {
      await Promise.all([
        Promise.resolve(firstAccept.current).then(() => accept.mutateAsync({ maxDurationMinutes })),
        new Promise((resolve) => setTimeout(resolve, VALIDATE_DELAY_MS)),
      ]);
      setValidated(true);
      onValidated(form.neverRan);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : acceptFailedMessage);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card" aria-labelledby="duration-heading">
      <h2 id="duration-heading" className="font-display text-2xl uppercase tracking-wide">
        Your target
      </h2>
      {/* Dimmed with its field once he ticks 'never': nothing there is asked of him any more. */}
      <label htmlFor="max-duration" className={`mt-4 block font-medium ${neverRan ? "text-muted" : ""}`}>
        The longest you have ever run, in minutes
      </label>
      <input
        id="max-duration"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DURATION_MINUTES}
        step={1}
        placeholder="e.g. 40"
        className="field mt-2 disabled:opacity-40"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "max-duration-error" : undefined}
        {...register("maxDuration", {
          disabled: neverRan,
          onChange: (event) => {
            if (maxDurationInputSchema.safeParse(event.target.value).success) clearErrors("maxDuration");
          },
        })}
      />
      {error && (
        <p id="max-duration-error" role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-muted">
        <input
          type="checkbox"
          className="size-5 accent-volt"
          {...register("neverRan", { onChange: () => clearErrors("maxDuration") })}
        />
        I have never run before
      </label>
      <div className="mt-4 rounded-xl bg-surface-2 p-4" aria-live="polite" data-testid="target">
        {target === null ? (
          <p className="text-muted">Enter your longest run to see your target: 1.5 × your best.</p>
        ) : (
          <>
            <p className="text-sm uppercase tracking-wider text-muted">Run at least</p>
            <p className="font-display text-4xl text-volt">{formatMinutes(target)}</p>
            <p className="mt-1 text-sm text-muted">
              {neverRan
                ? "Never ran? One full hour is your bar."
                : parsed.success && target > Math.ceil(parsed.data * 1.5)
                  ? "The rules ask for at least one hour of constant movement."
                  : "1.5 × your longest run. Distance does not matter."}
            </p>
          </>
        )}
      </div>
      <button type="submit" className="btn-primary mt-5 w-full" disabled={validating}>
        {validating ? "Validating..." : "Validate Challenge"}
      </button>
      {/* SPEC's button and its 2-second pause stay; what it validates is the target, not a run (issue 53 row 2). */}
      <p className="mt-3 text-sm text-muted" data-testid="validate-challenge-note">
        This saves your target; your 24 hours keep running. After your run you prove it with the file from your watch or
        running app, or type the minutes you ran.
      </p>
    </form>
  );
}
