import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  type RunValidation,
  type RunValidationForm as RunValidationValues,
  runValidationFormSchema,
  runValidationRequestFromForm,
} from "../../../shared/run-challenge/contracts.ts";
import { minutesShortOfTarget, targetMinutes } from "../../../shared/run-challenge/rules.ts";
import { ErrorBox } from "../../components/error-box.tsx";
import { useSaveRunValidation } from "./api/run-validation.ts";
import { formatMinutes } from "./minutes.ts";

type Field = keyof RunValidationValues;

const wholeMinutes = (value: string | undefined) => {
  const parsed = runValidationFormSchema.shape.todayDuration.safeParse(value ?? "");
  return parsed.success ? Number(parsed.data) : null;
};

/**
 * Previous longest run (optional, filled in with the one stated on the challenge-accepted screen), today's run and
 * notes, with SPEC.md section 5's messages: they show on submit and each clears as soon as its field holds a valid
 * value. The target those imply is shown above, and a run under it is named as such before it is saved (it still
 * counts, decision 0058). `onSaved` receives the run once it is stored by this form.
 */
export function RunValidationForm({
  statedMax,
  onSaved,
}: {
  statedMax: number | null;
  onSaved: (run: RunValidation) => void;
}) {
  const save = useSaveRunValidation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(runValidationFormSchema),
    defaultValues: { previousMaxDuration: statedMax === null ? "" : String(statedMax), todayDuration: "", notes: "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const [previousRaw, todayRaw] = useWatch({ control, name: ["previousMaxDuration", "todayDuration"] });
  // An empty field means no previous run; a value still being typed keeps the stated one until it is valid.
  const previous = previousRaw?.trim() === "" ? null : (wholeMinutes(previousRaw) ?? statedMax);
  const target = targetMinutes(previous);
  const today = wholeMinutes(todayRaw);

  const field = (name: Field) =>
    register(name, {
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (runValidationFormSchema.shape[name].safeParse(event.target.value).success) clearErrors(name);
      },
    });
  const described = (name: Field, id: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  const onSubmit = handleSubmit(
    async (form) => {
      setSaveError(null);
      const request = runValidationRequestFromForm(form);
      try {
        const { runValidation, created } = await save.mutateAsync(request);
        // Not created: a run was stored before (another tab); the screen now shows that one instead of the form.
        if (created) onSaved(runValidation);
      } catch (error) {
        setSaveError(`Error saving validation: ${error instanceof Error ? error.message : "Please try again."}`);
      }
    },
    () => setSaveError(null),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="card mt-8 space-y-5" aria-label="Validate your run">
      <div className="rounded-xl bg-surface-2 p-4" data-testid="validate-target">
        <p className="text-sm uppercase tracking-wider text-muted">Your target</p>
        <p className="font-display text-4xl text-volt">Run at least {formatMinutes(target)}</p>
        <p className="mt-1 text-sm text-muted">
          {previous === null
            ? "No previous run: one full hour of constant movement is the bar."
            : `1.5 × your longest run of ${formatMinutes(previous)}, never under an hour.`}
        </p>
      </div>
      <Labelled
        id="previous-max"
        label="Your previous longest run (minutes, optional)"
        error={errors.previousMaxDuration?.message}
      >
        <input
          id="previous-max"
          type="text"
          inputMode="numeric"
          pattern="^[1-9][0-9]*$"
          autoComplete="off"
          placeholder="e.g. 40"
          className="field"
          {...described("previousMaxDuration", "previous-max")}
          {...field("previousMaxDuration")}
        />
      </Labelled>
      <Labelled id="today-duration" label="Today's run (minutes)" error={errors.todayDuration?.message}>
        <input
          id="today-duration"
          type="text"
          inputMode="numeric"
          pattern="^[1-9][0-9]*$"
          autoComplete="off"
          placeholder="e.g. 65"
          className="field"
          {...described("todayDuration", "today-duration")}
          {...field("todayDuration")}
        />
        <TargetCheck today={today} target={target} />
      </Labelled>
      <Labelled id="notes" label="How did it go?" error={errors.notes?.message}>
        <textarea
          id="notes"
          rows={4}
          placeholder="What went through your head? When did you want to stop?"
          className="field resize-y"
          {...described("notes", "notes")}
          {...field("notes")}
        />
      </Labelled>
      <ErrorBox message={saveError} />
      <button type="submit" className="btn-primary w-full" disabled={save.isPending}>
        {save.isPending ? "Validating..." : "Validate my run"}
      </button>
    </form>
  );
}

/** Today's run measured against the target, as it is typed: reached, or by how much it fell short. */
function TargetCheck({ today, target }: { today: number | null; target: number }) {
  const short = today === null ? null : minutesShortOfTarget(today, target);
  return (
    <p
      className={`mt-2 text-sm empty:hidden ${short ? "text-text" : "text-success"}`}
      aria-live="polite"
      data-testid="target-check"
    >
      {short === null
        ? null
        : short === 0
          ? `✓ Target reached: ${formatMinutes(today ?? 0)} of at least ${formatMinutes(target)}.`
          : `${formatMinutes(short)} short of your ${formatMinutes(target)} target. You can still validate it: an honest shorter run counts, and it is recorded as it is.`}
    </p>
  );
}

function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
