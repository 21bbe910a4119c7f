import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { communityQuery, notifyConfirmation } from "./api/community.ts";
import { MembersCounter } from "./members-counter.tsx";

/**
 * The top of the feed preview: the Beta badge, the real count of members waiting (hidden while nobody is: a big 0
 * reads as an empty room), and the one way to wait for the launch, the waitlist (issue 35 row 13, decision 0117). A
 * member already on the list sees his place; one who asked to be told before that sees his request is kept.
 */
export function CommunityHero() {
  const overview = useQuery(communityQuery());
  const data = overview.data;

  return (
    <section
      aria-labelledby="community-hero-heading"
      className="relative overflow-hidden rounded-2xl border border-volt/40 bg-gradient-to-br from-volt/15 via-surface to-surface p-5 sm:p-7"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-2 rounded-full border border-volt/50 bg-volt/10 px-3 py-1 text-xs font-bold uppercase tracking-[0.2em] text-volt">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-volt" />
          Beta
        </span>
        <span className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Opening soon</span>
      </div>
      <h2 id="community-hero-heading" className="mt-4 font-display text-3xl uppercase leading-none sm:text-4xl">
        Men who chose action over the scroll
      </h2>
      <p className="mt-3 max-w-prose text-muted">
        Share your wins, find an accountability partner, and keep each other going. The community opens soon.
      </p>

      {data ? (
        data.membersWaiting > 0 ? (
          <div className="mt-6">
            <MembersCounter count={data.membersWaiting} />
          </div>
        ) : null
      ) : overview.isError ? (
        <p className="mt-6 text-sm text-muted">The number of members waiting could not be loaded.</p>
      ) : (
        <p className="mt-6 text-sm text-muted" role="status">
          Loading...
        </p>
      )}

      {data?.signup ? (
        <p className="mt-4 font-semibold">
          You're <span className="text-volt">#{data.signup.position}</span> on the waitlist.
        </p>
      ) : data?.notifyRequested ? (
        <p className="mt-4 text-sm text-muted">{notifyConfirmation}</p>
      ) : null}

      <div className="mt-6">
        <Link to={paths.communityWaitlist} className="btn-primary w-full sm:w-auto">
          Join the Waitlist
        </Link>
      </div>
    </section>
  );
}
