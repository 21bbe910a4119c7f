import { Link } from "react-router";
import { partnerMessages } from "#shared/partners/rules.ts";
import { dashboardSectionPath } from "#shared/paths.ts";

/** The free plan's one partner, said as the other limits say it, with the way to Premium. */
export function UpgradeLine({ alert = false }: { alert?: boolean }) {
  return (
    <div
      role={alert ? "alert" : undefined}
      data-testid="partner-limit"
      className="rounded-2xl border border-dashed border-line bg-surface-2 p-4"
    >
      <p className="text-sm">{partnerMessages.freeLimit}</p>
      <Link to={dashboardSectionPath("premium")} className="btn-secondary mt-3 min-h-11 w-full px-4 text-sm sm:w-auto">
        See Premium
      </Link>
    </div>
  );
}
