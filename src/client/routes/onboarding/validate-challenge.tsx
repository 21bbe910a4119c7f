import { useState } from "react";
import { useNavigate } from "react-router";
import type { RunValidationForm } from "../../../shared/run-challenge/contracts.ts";
import { Modal } from "../../components/modal.tsx";
import { parseRunForm, type RunFormField, runFormFieldError } from "../../features/onboarding/duration-rules.ts";
import { useSaveRunValidation } from "../../features/onboarding/onboarding-api.ts";
import { shareRun } from "../../features/onboarding/share.ts";

export default function ValidateChallenge() {
  const navigate = useNavigate();
  const save = useSaveRunValidation();
  const [form, setForm] = useState<RunValidationForm>({ previousMaxDuration: "", todayDuration: "", notes: "" });
  const [errors, setErrors] = useState<Partial<Record<RunFormField, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);

  function update(field: RunFormField, value: string) {
    const next = { ...form, [field]: value };
    setForm(next);
    // SPEC: an error clears as soon as the field holds a valid value; new errors wait for submit.
    if (errors[field] && !runFormFieldError(field, next)) setErrors({ ...errors, [field]: undefined });
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const { errors: found, request } = parseRunForm(form);
    setErrors(found);
    setSaveError(null);
    if (!request) return;
    try {
      await save.mutateAsync(request);
      setComplete(true);
    } catch (error) {
      setComplete(false);
      setSaveError(`Error saving validation: ${error instanceof Error ? error.message : "Please try again."}`);
    }
  }

  return (
    <main className="mx-auto max-w-xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Step 2 of 2</p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95]">Validate your run</h1>
      <p className="mt-3 text-muted">Be honest. Nobody checks but you — that is the point.</p>

      <form onSubmit={onSubmit} noValidate className="card mt-8 space-y-5">
        <Field
          id="previous-max"
          label="Your previous longest run (minutes, optional)"
          error={errors.previousMaxDuration}
        >
          <input
            id="previous-max"
            type="text"
            inputMode="numeric"
            pattern="^[1-9][0-9]*$"
            autoComplete="off"
            placeholder="e.g. 40"
            className="field"
            value={form.previousMaxDuration}
            aria-invalid={errors.previousMaxDuration ? true : undefined}
            aria-describedby={errors.previousMaxDuration ? "previous-max-error" : undefined}
            onChange={(e) => update("previousMaxDuration", e.target.value)}
          />
        </Field>
        <Field id="today-duration" label="Today's run (minutes)" error={errors.todayDuration}>
          <input
            id="today-duration"
            type="text"
            inputMode="numeric"
            pattern="^[1-9][0-9]*$"
            autoComplete="off"
            placeholder="e.g. 65"
            className="field"
            value={form.todayDuration}
            aria-invalid={errors.todayDuration ? true : undefined}
            aria-describedby={errors.todayDuration ? "today-duration-error" : undefined}
            onChange={(e) => update("todayDuration", e.target.value)}
          />
        </Field>
        <Field id="notes" label="How did it go?" error={errors.notes}>
          <textarea
            id="notes"
            rows={4}
            placeholder="What went through your head? When did you want to stop?"
            className="field resize-y"
            value={form.notes}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? "notes-error" : undefined}
            onChange={(e) => update("notes", e.target.value)}
          />
        </Field>
        {saveError && (
          <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
            {saveError}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={save.isPending}>
          {save.isPending ? "Validating..." : "Validate my run"}
        </button>
      </form>

      <Modal open={complete} title="Initial Challenge Complete!" onClose={() => navigate("/welcome")}>
        <p className="mt-3 text-muted">
          You did what most people only talk about. Now let's find out what you are really here to build.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" className="btn-primary" onClick={() => shareRun(Number(form.todayDuration) || null)}>
            Share
          </button>
          <button type="button" className="btn-secondary px-4" onClick={() => navigate("/welcome")}>
            Continue Without Sharing
          </button>
        </div>
      </Modal>
    </main>
  );
}

function Field({
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
