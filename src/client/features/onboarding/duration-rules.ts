import {
  type RunValidationForm,
  runValidationFormSchema,
  runValidationRequestFromForm,
} from "../../../shared/run-challenge/contracts.ts";

export type RunFormField = keyof RunValidationForm;

/** The first SPEC section 5 message for one field of the run-validation form, or null when it is valid. */
export function runFormFieldError(field: RunFormField, form: RunValidationForm): string | null {
  const result = runValidationFormSchema.shape[field].safeParse(form[field]);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function parseRunForm(form: RunValidationForm) {
  const errors: Partial<Record<RunFormField, string>> = {};
  for (const field of ["previousMaxDuration", "todayDuration", "notes"] as const) {
    const error = runFormFieldError(field, form);
    if (error) errors[field] = error;
  }
  const parsed = runValidationFormSchema.safeParse(form);
  return { errors, request: parsed.success ? runValidationRequestFromForm(parsed.data) : null };
}

export function formatMinutes(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
