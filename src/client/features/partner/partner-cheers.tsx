import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Cheer } from "#shared/partners/contracts.ts";
import { partnersQuery, useDismissCheer } from "./api/partners.ts";
import { timeAgo } from "./partner-status.ts";

/**
 * The partners' cheers at the top of his dashboard, where he sees them first; each one goes away with one tap. The
 * list shares the partner card's request.
 */
export function PartnerCheers({ now = new Date() }: { now?: Date }) {
  const partners = useQuery(partnersQuery());
  const dismiss = useDismissCheer();
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLUListElement>(null);
  const cheers = partners.data?.cheers ?? [];

  function onDismiss(cheer: Cheer, index: number) {
    dismiss.mutate(cheer.id);
    setAnnouncement(`${cheer.partnerFirstName}'s cheer dismissed.`);
    // The button he pressed is gone: the focus moves to the next cheer's, or the one before.
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-dismiss]") ?? [];
    const next = buttons[index + 1] ?? buttons[index - 1];
    next?.focus();
  }

  return (
    <>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {cheers.length > 0 ? (
        <section aria-labelledby="cheers-heading" className="mt-6">
          <h2 id="cheers-heading" className="eyebrow">
            {cheers.length === 1 ? "A cheer for you" : "Cheers for you"}
          </h2>
          <ul ref={list} className="mt-3 space-y-3">
            {cheers.map((cheer, index) => (
              <li
                key={cheer.id}
                className="flex items-start gap-3 rounded-2xl border border-volt/30 bg-volt/[0.06] py-3 pr-2 pl-4"
                data-testid="cheer"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="mt-1 size-5 shrink-0 text-volt"
                  fill="currentColor"
                >
                  <path d="M9.6 6C6.5 7.3 4.5 10 4.5 13.6V18h5.6v-5.4H7.3c0-2 1.1-3.6 3.1-4.5L9.6 6Zm9 0c-3.1 1.3-5.1 4-5.1 7.6V18h5.6v-5.4h-2.8c0-2 1.1-3.6 3.1-4.5L18.6 6Z" />
                </svg>
                <figure className="min-w-0 flex-1">
                  <blockquote className="break-words text-text">{cheer.text}</blockquote>
                  <figcaption className="mt-1 text-sm text-muted">
                    <span className="font-semibold text-text/90">{cheer.partnerFirstName}</span> ·{" "}
                    {timeAgo(cheer.createdAt, now)}
                  </figcaption>
                </figure>
                <button
                  type="button"
                  data-dismiss
                  className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted transition hover:bg-surface-2 hover:text-text"
                  aria-label={`Dismiss ${cheer.partnerFirstName}'s cheer`}
                  onClick={() => onDismiss(cheer, index)}
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
                    <path d="M5 5l10 10M15 5L5 15" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
