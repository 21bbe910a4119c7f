import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { communityQuery, useNotifyMe } from "./api/community.ts";
import { MembersCounter } from "./members-counter.tsx";

/**
 * The top of the feed preview: the Beta badge, the real count of members waiting, and the two ways to hear about
 * the launch. A member already on the list sees his place; one who asked to be told sees that the request is saved.
 */
export function CommunityHero() {
  const overview = useQuery(communityQuery());
  const notify = useNotifyMe();
  const data = overview.data;
  const requested = data?.notifyRequested ?? false;

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

      <div className="mt-6 min-h-[5.5rem]">
        {data ? (
          <MembersCounter count={data.membersWaiting} />
        ) : overview.isError ? (
          <p className="text-sm text-muted">The number of members waiting could not be loaded.</p>
        ) : (
          <p className="text-sm text-muted" role="status">
            Loading...
          </p>
        )}
      </div>

      {data?.signup ? (
        <p className="mt-4 font-semibold">
          You're <span className="text-volt">#{data.signup.position}</span> on the waitlist.
        </p>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to={paths.communityWaitlist} className="btn-primary">
          Join the Waitlist
        </Link>
        {/* The same button stays (and keeps the focus) once he asked; it then says so and does nothing more. */}
        <button
          type="button"
          className={requested ? "btn-secondary border-success/50 text-success hover:bg-transparent" : "btn-secondary"}
          aria-disabled={requested || undefined}
          disabled={!data}
          onClick={() => {
            if (!requested && !notify.isPending) notify.mutate();
          }}
        >
          {requested ? (
            <>
              <span aria-hidden="true">✓</span> We'll e-mail you
            </>
          ) : notify.isPending ? (
            "Saving..."
          ) : (
            "Notify Me When Ready"
          )}
        </button>
      </div>
    </section>
  );
}
