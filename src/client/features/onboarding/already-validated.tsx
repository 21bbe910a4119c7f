import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";

export function AlreadyValidated() {
  return (
    <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-success/40 bg-success/10 p-4">
      <span>
        <span aria-hidden="true">✓ </span>You already validated your run.
      </span>
      <Link to={paths.dashboard} className="font-semibold text-volt underline">
        Go to your dashboard
      </Link>
    </p>
  );
}
