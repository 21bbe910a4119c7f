import { Link } from "react-router";
import { paths } from "#shared/paths.ts";

/** Where the browser lands after a deletion, signed out: what happened, and the way back in. */
export function AccountDeleted() {
  return (
    <main className="page-container max-w-xl py-16 sm:py-24">
      <div className="card" role="status">
        <p className="eyebrow">Account deleted</p>
        <h1 className="mt-3 font-display text-4xl uppercase leading-tight">Your account has been deleted</h1>
        <p className="mt-4 text-text/90">
          Everything stored about you is gone and you are signed out on every device. If you had a premium subscription,
          it is cancelled and will not be charged again. A confirmation e-mail is on its way.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.landing} className="btn-primary">
            Back to the start
          </Link>
          <Link to={paths.signup} className="btn-secondary">
            Create a new account
          </Link>
        </div>
      </div>
    </main>
  );
}
