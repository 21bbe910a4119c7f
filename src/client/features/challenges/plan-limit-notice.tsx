import { Link } from "react-router";
import { planLimitMessages } from "#shared/billing/plans.ts";
import { dashboardSectionPath } from "#shared/paths.ts";

/**
 * Takes the place of ACCEPT CHALLENGE on a card the plan's limit locks: the limit in PRODUCT.md's words and, on the
 * free plan, the way to Premium. `message` is the server's answer to a refused accept (then announced as an alert).
 */
export function PlanLimitNotice({
  premium,
  message,
  onDismiss,
}: {
  premium: boolean;
  message: string | null;
  onDismiss?: () => void;
}) {
  const text = message ?? (premium ? planLimitMessages.premiumChallengeLimit : planLimitMessages.freeChallengeLimit);
  return (
    <div
      role={message ? "alert" : undefined}
      data-testid="plan-limit"
      className="rounded-2xl border border-dashed border-line bg-surface-2 p-4"
    >
      <p className="flex items-start gap-2 text-sm">
        <LockIcon />
        <span>{text}</span>
      </p>
      <p className="mt-1 text-xs text-muted">Reset your accepted challenge to pick this one instead.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {!premium && (
          <Link to={dashboardSectionPath("premium")} className="btn-secondary min-h-11 flex-1 px-4 text-sm">
            See Premium
          </Link>
        )}
        {onDismiss && (
          <button type="button" className="min-h-11 min-w-11 px-3 text-sm text-muted underline" onClick={onDismiss}>
            OK
          </button>
        )}
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-volt" fill="currentColor">
      <path d="M10 1.5a4.5 4.5 0 0 0-4.5 4.5v2H5a2 2 0 0 0-2 2v6.5a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2h-.5V6A4.5 4.5 0 0 0 10 1.5Zm2.5 6.5h-5V6a2.5 2.5 0 0 1 5 0v2Z" />
    </svg>
  );
}
