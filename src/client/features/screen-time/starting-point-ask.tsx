import { lazy, Suspense, useId, useState } from "react";

// One chunk for the form wherever it opens (the dashboard and insights load it the same way), loaded on the tap.
const CheckInForm = lazy(() => import("./check-in-form.tsx").then((m) => ({ default: m.CheckInForm })));

/**
 * Onboarding (issue 55): under the question of where his time goes, the number his phone keeps. His starting point,
 * optional: he may skip it and add it later from the dashboard.
 */
export function StartingPointAsk({ today }: { today: string }) {
  const [state, setState] = useState<"closed" | "open" | "saved">("closed");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface-2/50 p-5">
      <h2 id={headingId} className="font-bold">
        Your phone keeps the number
      </h2>
      {state === "saved" ? (
        <p className="mt-1 text-sm text-text/90" role="status">
          Starting point saved. Your dashboard shows the time you take back from here.
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">
          Add the daily screen time your phone shows: it is your starting point. Optional, you can add it later.
        </p>
      )}
      {state === "open" ? (
        <div className="mt-4">
          <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
            <CheckInForm today={today} onDone={(saved) => setState(saved ? "saved" : "closed")} />
          </Suspense>
        </div>
      ) : state === "closed" ? (
        <button type="button" className="btn-secondary mt-4" onClick={() => setState("open")}>
          Add my screen time
        </button>
      ) : null}
    </section>
  );
}
