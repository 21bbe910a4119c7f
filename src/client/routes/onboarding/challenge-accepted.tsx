import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { maxDurationInputSchema } from "../../../shared/run-challenge/contracts.ts";
import {
  formatCountdown,
  MAX_DURATION_MINUTES,
  targetMinutes,
  VALIDATE_DELAY_MS,
} from "../../../shared/run-challenge/rules.ts";
import { FullScreenMessage } from "../../components/full-screen-message.tsx";
import { useCountdown } from "../../features/onboarding/countdown.ts";
import { formatMinutes } from "../../features/onboarding/duration-rules.ts";
import { useAcceptChallenge, useOnboardingState } from "../../features/onboarding/onboarding-api.ts";
import { RunAdvice, RunRules } from "../../features/onboarding/run-rules.tsx";

export default function ChallengeAccepted() {
  const onboarding = useOnboardingState();
  const accept = useAcceptChallenge();
  // Settles once the first acceptance is stored; the duration form waits for it so its own save
  // (with the stated maximum) can never be overtaken by this one (with none).
  const firstAccept = useRef<Promise<unknown> | null>(null);

  // Reaching this screen is accepting the challenge: the server records the moment once and
  // every later visit counts down from that same moment.
  useEffect(() => {
    if (onboarding.data && !onboarding.data.challengeAcceptedAt && !firstAccept.current) {
      firstAccept.current = accept.mutateAsync({ maxDurationMinutes: null }).catch((error) => {
        console.error("Could not record the challenge acceptance", error);
      });
    }
  }, [onboarding.data, accept]);

  if (onboarding.isPending) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (onboarding.isError) return <FullScreenMessage>Error: {onboarding.error.message}</FullScreenMessage>;

  return (
    <main className="mx-auto max-w-2xl px-5 pt-8 pb-16 sm:pt-14">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Challenge accepted</p>
      <h1 className="mt-2 font-display text-5xl uppercase leading-[0.95] sm:text-6xl">Run longer than ever before</h1>
      {onboarding.data.runValidation && (
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-success/40 bg-success/10 p-4">
          <span>
            <span aria-hidden="true">✓ </span>You already validated your run.
          </span>
          <Link to="/dashboard" className="font-semibold text-volt underline">
            Go to your dashboard
          </Link>
        </p>
      )}
      <Countdown acceptedAt={onboarding.data.challengeAcceptedAt} />
      <div className="mt-8 space-y-5">
        <RunRules />
        <DurationForm savedMax={onboarding.data.maxDurationMinutes} firstAccept={firstAccept} />
        <RunAdvice />
      </div>
    </main>
  );
}

function Countdown({ acceptedAt }: { acceptedAt: string | null }) {
  const left = useCountdown(acceptedAt);
  return (
    <section className="mt-8 rounded-2xl border border-volt/40 bg-gradient-to-b from-volt/10 to-transparent px-5 py-6 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-muted">Time left</p>
      <p
        className="mt-1 font-display text-6xl tabular-nums tracking-wider text-volt sm:text-7xl"
        data-testid="countdown"
        role="timer"
        aria-label="Time left to complete your run"
      >
        {formatCountdown(left)}
      </p>
      <p className="mt-2 text-sm text-muted">
        {left > 0
          ? "You have 24 hours from accepting. The clock is running."
          : "Your 24 hours are up. Made it? Validate your run."}
      </p>
    </section>
  );
}

function DurationForm({
  savedMax,
  firstAccept,
}: {
  savedMax: number | null;
  firstAccept: React.RefObject<Promise<unknown> | null>;
}) {
  const navigate = useNavigate();
  const accept = useAcceptChallenge();
  const [raw, setRaw] = useState(savedMax === null ? "" : String(savedMax));
  const [neverRan, setNeverRan] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);

  const parsed = maxDurationInputSchema.safeParse(raw);
  const target = neverRan ? targetMinutes(null) : parsed.success ? targetMinutes(parsed.data) : null;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (validating) return;
    let maxDurationMinutes: number | null = null;
    if (!neverRan) {
      const result = maxDurationInputSchema.safeParse(raw);
      if (!result.success) {
        setError(result.error.issues[0]?.message ?? "Please enter a valid duration (at least 1 minute)");
        return;
      }
      maxDurationMinutes = result.data;
    }
    setError(null);
    setValidating(true);
    try {
      // SPEC: validating takes a deliberate 2 seconds; the save runs inside that pause.
      await Promise.all([
        Promise.resolve(firstAccept.current).then(() => accept.mutateAsync({ maxDurationMinutes })),
        new Promise((resolve) => setTimeout(resolve, VALIDATE_DELAY_MS)),
      ]);
      navigate("/ValidateChallenge");
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "Could not save your challenge.");
      setValidating(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card" aria-labelledby="duration-heading">
      <h2 id="duration-heading" className="font-display text-2xl uppercase tracking-wide">
        Your target
      </h2>
      <label htmlFor="max-duration" className="mt-4 block font-medium">
        The longest you have ever run, in minutes
      </label>
      <input
        id="max-duration"
        name="maxDuration"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DURATION_MINUTES}
        step={1}
        placeholder="e.g. 40"
        className="field mt-2 disabled:opacity-40"
        value={raw}
        disabled={neverRan}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "max-duration-error" : undefined}
        onChange={(event) => {
          setRaw(event.target.value);
          if (error && maxDurationInputSchema.safeParse(event.target.value).success) setError(null);
        }}
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
          checked={neverRan}
          onChange={(event) => {
            setNeverRan(event.target.checked);
            setError(null);
          }}
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
    </form>
  );
}
