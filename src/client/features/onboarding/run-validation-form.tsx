import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ErrorBox } from "#client/components/error-box.tsx";
import { FileDrop } from "#client/components/file-drop.tsx";
import { ApiError } from "#client/lib/api.ts";
import { formatMinutes } from "#shared/minutes.ts";
import { PROOF_FILE_MAX_BYTES, PROOF_FILE_MAX_MB, proofMessages } from "#shared/proof/rules.ts";
import {
  type RunValidation,
  type RunValidationForm as RunValidationValues,
  runFileFormSchema,
  runValidationFormSchema,
  runValidationRequestFromForm,
  runWindowMessages,
} from "#shared/run-challenge/contracts.ts";
import {
  minutesShortOfTarget,
  minutesSinceAcceptance,
  targetMinutes,
  typedRunRefusal,
} from "#shared/run-challenge/rules.ts";
import { useSaveRunValidation } from "./api/run-validation.ts";

type Field = keyof RunValidationValues;

/** The typed fields that go with a file: the previous longest run and the notes. */
const fileFieldsResolver = zodResolver(runFileFormSchema.omit({ file: true }));
const typedResolver = zodResolver(runValidationFormSchema);

const wholeMinutes = (value: string | undefined) => {
  const parsed = runValidationFormSchema.shape.todayDuration.safeParse(value ?? "");
  return parsed.success ? Number(parsed.data) : null;
};

/** The error type of a typed run the rule below refuses, told apart from the form's own messages. */
const TYPED_RUN_REFUSED = "typedRunRefused";

/**
 * What the server would answer a typed run of `minutes` now, from the same rule (issue 53 row 2): no challenge accepted,
 * or longer than the time since he accepted it. Asked on his clock before sending; the server asks again on its own.
 */
function typedRunProblem(minutes: number, acceptedAt: string | null, now = new Date()): string | null {
  switch (typedRunRefusal(minutes, acceptedAt, now)) {
    case "notAccepted":
      return runWindowMessages.notAccepted;
    case "longerThanAccepted":
      return runWindowMessages.longerThanAccepted(minutesSinceAcceptance(acceptedAt ?? now, now));
    default:
      return null;
  }
}

/**
 * Previous longest run (optional, filled in with the one stated on the challenge-accepted screen), today's run and
 * notes, with SPEC.md section 5's messages: they show on submit and each clears as soon as its field holds a valid
 * value. The target those imply is shown above, and a run under it is named as such before it is saved (it still
 * counts, decision 0058). `onSaved` receives the run once it is stored by this form.
 */
export function RunValidationForm({
  statedMax,
  acceptedAt,
  neverRan = false,
  onSaved,
  fileAlternative,
}: {
  statedMax: number | null;
  /** When he accepted the challenge: a typed run can be no longer than the time since (null: not accepted yet). */
  acceptedAt: string | null;
  /** He ticked 'I have never run before' on the challenge screen: the previous longest run is not asked again. */
  neverRan?: boolean;
  onSaved: (run: RunValidation) => void;
  /** Another way to prove the run, shown under the file's drop zone (the route's "Connect with Strava", issue 56). */
  fileAlternative?: ReactNode;
}) {
  const save = useSaveRunValidation();
  const [askPrevious, setAskPrevious] = useState(!neverRan);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<RunValidationValues, unknown, z.output<typeof runValidationFormSchema>>({
    // With a file, its moving time is the duration: only the typed fields around it are checked here. A typed run that
    // passes the form's rules is then held against the time since he accepted, as the server will.
    resolver: async (values, context, options) => {
      if (file) return fileFieldsResolver(values, context, options as never) as ReturnType<typeof typedResolver>;
      const result = await typedResolver(values, context, options);
      const minutes = wholeMinutes(values.todayDuration);
      const problem = minutes === null ? null : typedRunProblem(minutes, acceptedAt);
      if (!problem || result.errors.todayDuration) return result;
      return { values: {}, errors: { ...result.errors, todayDuration: { type: TYPED_RUN_REFUSED, message: problem } } };
    },
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
        if (!runValidationFormSchema.shape[name].safeParse(event.target.value).success) return;
        // A run still longer than the time since he accepted keeps that message; any other one clears as SPEC says.
        const minutes = name === "todayDuration" ? wholeMinutes(event.target.value) : null;
        const stillRefused = minutes !== null && typedRunProblem(minutes, acceptedAt) !== null;
        if (!(stillRefused && errors.todayDuration?.type === TYPED_RUN_REFUSED)) clearErrors(name);
      },
    });
  const described = (name: Field, id: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  const chooseFile = (chosen: File | null) => {
    setSaveError(null);
    // Refused here as the server would, without sending the whole file over a phone's connection first.
    setFileError(chosen && chosen.size > PROOF_FILE_MAX_BYTES ? proofMessages.tooLarge : null);
    setFile(chosen && chosen.size <= PROOF_FILE_MAX_BYTES ? chosen : null);
    clearErrors("todayDuration");
  };

  const onSubmit = handleSubmit(
    async (form) => {
      setSaveError(null);
      setFileError(null);
      try {
        const { runValidation, created } = await save.mutateAsync(
          file
            ? { file, previousMaxDuration: form.previousMaxDuration ?? "", notes: form.notes ?? "" }
            : runValidationRequestFromForm(form),
        );
        // Not created: a run was stored before (another tab); the screen now shows that one instead of the form.
        if (created) onSaved(runValidation);
      } catch (error) {
        const message = error instanceof Error ? error.message : "Please try again.";
        // What the server found wrong with the file shows under it, where he chooses another.
        if (file && error instanceof ApiError && error.status >= 400 && error.status < 500) setFileError(message);
        else setSaveError(`Error saving validation: ${message}`);
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
      {askPrevious ? (
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
      ) : (
        <p className="text-sm text-muted" data-testid="never-ran">
          You told us you have never run before.{" "}
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-semibold text-text underline underline-offset-4"
            onClick={() => setAskPrevious(true)}
          >
            I have run before
          </button>
        </p>
      )}
      <div className="space-y-3">
        <FileDrop
          label="Upload your run"
          hint={`GPX, TCX or FIT from your watch or running app · up to ${PROOF_FILE_MAX_MB} MB. Its moving time becomes your duration.`}
          file={file}
          onFile={chooseFile}
          error={fileError}
          disabled={save.isPending}
          testId="run-file"
        />
        {file ? null : fileAlternative}
        {file ? (
          <p className="text-sm text-muted">Your duration, distance and pace will be read from this file.</p>
        ) : (
          <>
            <p className="text-center text-sm text-muted" aria-hidden="true">
              — or type it —
            </p>
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
              {/* Refused, "you can still validate it" would say the opposite of the message under it. */}
              {errors.todayDuration ? null : <TargetCheck today={today} target={target} />}
            </Labelled>
            <p className="text-sm text-muted" data-testid="self-reported-note">
              A typed run is marked <strong className="font-semibold text-text">self-reported</strong> wherever it
              shows: your insights, the community, your data. The file from your watch or running app is the stronger
              proof.
            </p>
          </>
        )}
      </div>
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
        {save.isPending ? (file ? "Checking your file..." : "Validating...") : "Validate my run"}
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
