import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ErrorBox } from "#client/components/error-box.tsx";
import { TextField } from "#client/components/text-field.tsx";
import { ADMIT_AT_ONCE_MAX, type AdmitForm, type AdmittedAnswer, admitSchema } from "#shared/admin/contracts.ts";
import { useAdmit } from "./api.ts";

function resultText(result: AdmittedAnswer) {
  if (!result.positions) return "Nobody is waiting: everyone on the waitlist is already in.";
  const who = result.admitted === 1 ? "1 person" : `${result.admitted} people`;
  const mail =
    result.emailsFailed > 0
      ? ` The e-mail to ${result.emailsFailed} of them could not be sent; they are in all the same and see the feed on their next visit.`
      : " Each got an e-mail with a link to the feed.";
  return `Let in ${who} from the waitlist (#${result.positions.first}–#${result.positions.last}).${mail}`;
}

/** Admission in waitlist order, as `npm run community:admit` does (decision 0134). */
export function AdmissionForm({ waiting }: { waiting: number }) {
  const admit = useAdmit();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdmitForm, unknown, AdmitForm>({ resolver: zodResolver(admitSchema), defaultValues: { count: 10 } });
  const submit = handleSubmit(async ({ count }) => {
    await admit.mutateAsync(count).catch(() => {
      // Shown below from the mutation's error.
    });
  });
  return (
    <section aria-labelledby="admin-admission" className="card">
      <h2 id="admin-admission" className="text-xl font-bold">
        Admission
      </h2>
      <p className="mt-1 text-sm text-muted">
        {waiting === 1 ? "1 person waits" : `${waiting} people wait`} on the waitlist. They are let in by their
        position, first come first in.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          label="How many to let in"
          type="number"
          inputMode="numeric"
          min={1}
          max={ADMIT_AT_ONCE_MAX}
          className="w-40"
          error={errors.count?.message}
          {...register("count", { valueAsNumber: true })}
        />
        <button type="submit" className="btn-primary min-h-12" disabled={isSubmitting}>
          Let them in
        </button>
      </form>
      {admit.data ? (
        <p role="status" className="mt-4 rounded-xl border border-success/40 bg-success/10 p-3 text-sm">
          {resultText(admit.data)}
        </p>
      ) : null}
      <ErrorBox message={admit.error?.message} className="mt-4" />
    </section>
  );
}
