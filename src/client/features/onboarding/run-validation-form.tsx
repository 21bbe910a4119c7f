import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type RunValidationForm as RunValidationValues,
  runValidationFormSchema,
  runValidationRequestFromForm,
} from "../../../shared/run-challenge/contracts.ts";
import { useSaveRunValidation } from "./api/run-validation.ts";

type Field = keyof RunValidationValues;

/**
 * Previous longest run (optional), today's run and notes, with SPEC.md section 5's messages: they show on submit and
 * each clears as soon as its field holds a valid value. `onSaved` receives today's minutes once the run is stored.
 */
export function RunValidationForm({ onSaved }: { onSaved: (todayMinutes: number) => void }) {
  const save = useSaveRunValidation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(runValidationFormSchema),
    defaultValues: { previousMaxDuration: "", todayDuration: "", notes: "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });

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
        await save.mutateAsync(request);
        onSaved(request.todayDuration);
      } catch (error) {
        setSaveError(`Error saving validation: ${error instanceof Error ? error.message : "Please try again."}`);
      }
    },
    () => setSaveError(null),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="card mt-8 space-y-5">
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
      {saveError && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          {saveError}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={save.isPending}>
        {save.isPending ? "Validating..." : "Validate my run"}
      </button>
    </form>
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
