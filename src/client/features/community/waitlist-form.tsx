import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useForm } from "react-hook-form";
import { TextField } from "#client/components/text-field.tsx";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { JoinWaitlistForm, JoinWaitlistRequest } from "#shared/community/contracts.ts";
import { interestOptions, WAITLIST_NAME_MAX_LENGTH } from "#shared/community/rules.ts";
import { isLoginRequired, joinErrorMessage, useJoinWaitlist } from "./api/waitlist.ts";
import { LoginToContinue } from "./login-to-continue.tsx";

const steps = [
  { label: "Details", title: "Your details", lead: "Where we reach you when the community opens." },
  { label: "Interests", title: "Your interests", lead: "What do you want to work on with others? Pick any, or none." },
] as const;

const resolver = lazyZodResolver<JoinWaitlistForm, JoinWaitlistRequest>(() =>
  import("#shared/community/contracts.ts").then((contracts) => contracts.joinWaitlistSchema),
);

/**
 * SPEC.md's two steps: (1) e-mail and full name; (2) the eight interests, optional. One form over the shared schema.
 * The e-mail is the account's, shown read-only and not sent: the launch news goes to the address he confirmed, not to
 * one anybody could type (issue 24 #6).
 */
export function WaitlistForm({
  accountEmail,
  accountFirstName,
  onJoined,
}: {
  accountEmail: string;
  /** The name he gave at sign-up fills the field, so Continue is one tap; he may still write his full name (issue 53 row 14). */
  accountFirstName: string;
  onJoined: () => void;
}) {
  const [step, setStep] = useState<0 | 1>(0);
  const join = useJoinWaitlist();
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<JoinWaitlistForm, unknown, JoinWaitlistRequest>({
    resolver,
    defaultValues: { name: accountFirstName, interests: [] },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  /** A new step is announced by moving the focus to its heading. */
  function goTo(next: 0 | 1) {
    flushSync(() => setStep(next));
    heading.current?.focus();
  }

  const submitJoin = handleSubmit(async (values) => {
    try {
      await join.mutateAsync(values);
      onJoined();
    } catch {
      // Shown below from the mutation's error.
    }
  });
  const current = steps[step];

  // Interests are optional, so validating the whole form on Continue checks exactly the first step; once it was
  // sent, every field is checked again as he types.
  const submitStep = handleSubmit(() => goTo(1));

  return (
    <form
      noValidate
      onSubmit={step === 0 ? submitStep : submitJoin}
      onFocus={resolver.preload}
      aria-labelledby="waitlist-step-heading"
    >
      {/* Both steps named, the done one ticked: "Step 2 of 2" alone left him wondering where step 1 was (issue 35). */}
      <ol aria-label="Steps" className="grid grid-cols-2 gap-3">
        {steps.map((s, index) => (
          <li
            key={s.title}
            aria-current={index === step ? "step" : undefined}
            className={`text-xs font-bold uppercase tracking-[0.2em] ${index <= step ? "text-volt" : "text-muted"}`}
          >
            <span
              aria-hidden="true"
              className={`mb-2 block h-1.5 rounded-full ${index <= step ? "bg-volt" : "bg-line"}`}
            />
            <span aria-hidden="true">{index < step ? "✓ " : `${index + 1} · `}</span>
            <span className="sr-only">Step {index + 1} of 2: </span>
            {s.label}
            {index < step ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
      <h2 id="waitlist-step-heading" ref={heading} tabIndex={-1} className="mt-3 text-xl font-bold focus:outline-none">
        {current.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{current.lead}</p>

      {/* Both steps stay mounted, so what he typed or ticked survives Back and Continue. */}
      <div hidden={step !== 0} className="mt-6 space-y-5">
        <div>
          <TextField label="Email" type="email" value={accountEmail} readOnly aria-describedby="waitlist-email-note" />
          <p id="waitlist-email-note" className="mt-1.5 text-sm text-muted">
            Your account's address: the launch news goes there.
          </p>
        </div>
        <TextField
          label="Full Name"
          autoComplete="name"
          maxLength={WAITLIST_NAME_MAX_LENGTH}
          error={errors.name?.message}
          {...register("name")}
        />
      </div>

      {step === 1 ? (
        <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-line bg-surface/60 px-4 py-3 text-sm">
          <p className="min-w-0 break-words">
            <span className="font-semibold">{watch("name").trim()}</span>
            <span className="text-muted"> · {accountEmail}</span>
          </p>
          <button
            type="button"
            className="min-h-11 font-semibold text-volt underline decoration-volt/40 underline-offset-4"
            aria-label="Change your details"
            onClick={() => {
              join.reset();
              goTo(0);
            }}
            disabled={join.isPending}
          >
            Change
          </button>
        </div>
      ) : null}

      <fieldset hidden={step !== 1} className="mt-6">
        <legend className="sr-only">Interests (optional)</legend>
        <div className="grid gap-2.5 sm:grid-cols-2">
          {interestOptions.map((option) => (
            <label
              key={option.id}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm font-semibold transition hover:border-muted has-[:checked]:border-volt has-[:checked]:bg-volt/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-volt"
            >
              <input
                type="checkbox"
                value={option.id}
                className="size-4 shrink-0 accent-[var(--color-volt)] focus:outline-none"
                {...register("interests")}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {join.error ? (
        <div
          role="alert"
          className="mt-5 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          <p>{joinErrorMessage(join.error)}</p>
          {isLoginRequired(join.error) ? <LoginToContinue className="mt-3" /> : null}
        </div>
      ) : null}

      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {step === 1 ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              join.reset();
              goTo(0);
            }}
            disabled={join.isPending}
          >
            Back
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={join.isPending}>
          {step === 0 ? "Continue" : join.isPending ? "Joining..." : "Join the Waitlist"}
        </button>
      </div>
    </form>
  );
}
