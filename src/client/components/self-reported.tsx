/**
 * The mark of a run he typed instead of proving it with an activity file (issue 53 row 2): the same word on every
 * screen that shows such a run, his own and the community's, so nobody reads a typed number as a measured one.
 */
export function SelfReported({ detail, className = "" }: { detail?: string; className?: string }) {
  return (
    <p
      className={`inline-flex flex-wrap items-center gap-x-1.5 rounded-lg border border-line bg-surface-2 px-2.5 py-1 text-xs font-semibold text-text/90 ${className}`}
      data-testid="self-reported"
    >
      Self-reported{detail ? " " : null}
      {detail ? <span className="font-normal text-muted">· {detail}</span> : null}
    </p>
  );
}
