import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { WaitlistSignup } from "#shared/community/contracts.ts";
import { COMMUNITY_LAUNCH_ESTIMATE, interestLabel } from "#shared/community/rules.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { openSharePopup, type ShareNetwork, shareLabels, shareNetworks, shareUrl } from "./share.ts";

const networkIcons: Record<ShareNetwork, string> = { x: "𝕏", facebook: "f", linkedin: "in" };

/**
 * After joining (and on every later visit): his stored place, the share buttons, and what happens next. `focus`
 * moves the focus to the heading, so a screen reader hears the result of the join at once.
 */
export function WaitlistConfirmation({ signup, focus = false }: { signup: WaitlistSignup; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const nextSteps = [
    `We're putting the finishing touches on the community. Estimated launch: ${COMMUNITY_LAUNCH_ESTIMATE}.`,
    `You'll get an e-mail at ${signup.email} when the doors open. Waitlist members get in first.`,
    "Until then, keep going: your challenges and milestones are waiting on your dashboard.",
  ];

  return (
    <section aria-labelledby="waitlist-joined-heading">
      <div className="card p-6 text-center shadow-[0_30px_80px_-40px_rgb(200_255_46/0.35)] sm:p-8">
        <span
          aria-hidden="true"
          className="mx-auto grid size-12 place-items-center rounded-full bg-volt/15 text-xl text-volt"
        >
          ✓
        </span>
        <h1
          id="waitlist-joined-heading"
          ref={heading}
          tabIndex={-1}
          className="mt-4 font-display text-4xl uppercase leading-none focus:outline-none sm:text-5xl"
        >
          You're on the list!
        </h1>
        <p className="mt-5 text-xs font-bold uppercase tracking-[0.2em] text-muted">Your position</p>
        <p className="mt-1 font-display text-7xl leading-none text-volt" data-testid="waitlist-position">
          #{signup.position}
        </p>
        <p className="mx-auto mt-4 max-w-sm text-muted">
          Thanks, {signup.name}. Your spot is saved
          {signup.interests.length > 0 ? ` — with ${signup.interests.map(interestLabel).join(", ")}` : ""}.
        </p>
      </div>

      <section aria-labelledby="waitlist-share-heading" className="mt-8">
        <h2 id="waitlist-share-heading" className="text-lg font-bold">
          Bring a friend
        </h2>
        <p className="mt-1 text-sm text-muted">Know someone who would rather build than scroll? Share the link.</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {shareNetworks.map((network) => (
            <li key={network}>
              <a
                href={shareUrl(network, signup.position)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary w-full px-4 normal-case tracking-normal"
                onClick={(event) => {
                  // A modified click opens a tab as the browser would; a plain one opens the 600 × 400 popup.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  openSharePopup(network, signup.position);
                }}
              >
                <span aria-hidden="true" className="font-bold">
                  {networkIcons[network]}
                </span>
                <span>
                  <span className="sr-only">Share on </span>
                  {shareLabels[network]}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="waitlist-next-heading" className="card mt-8">
        <h2 id="waitlist-next-heading" className="text-lg font-bold">
          What Happens Next?
        </h2>
        <ol className="mt-4 space-y-4">
          {nextSteps.map((text, index) => (
            <li key={text} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-7 shrink-0 place-items-center rounded-full bg-volt/15 text-sm font-bold text-volt"
              >
                {index + 1}
              </span>
              <span className="pt-0.5 text-sm leading-relaxed">{text}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 flex flex-col gap-3">
        <Link to={dashboardSectionPath("community")} className="btn-primary">
          Preview the Community
        </Link>
        <Link to={paths.dashboard} className="btn-secondary">
          Back to Dashboard
        </Link>
      </div>
    </section>
  );
}
