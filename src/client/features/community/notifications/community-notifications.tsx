import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import type { CommunityNotification } from "#shared/community/notifications.ts";
import { notificationSentence } from "#shared/community/rules.ts";
import { notificationsQuery, useMarkNotificationsRead } from "../api/notifications.ts";
import { timeAgo } from "../feed/time-ago.ts";

function NotificationLine({ item, now }: { item: CommunityNotification; now?: Date }) {
  return (
    <li
      className={`flex items-start gap-3 px-4 py-3 ${item.read ? "" : "bg-volt/5"}`}
      data-unread={item.read ? undefined : "true"}
    >
      <span
        aria-hidden="true"
        className={`mt-2 size-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-volt"}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`break-words text-sm leading-6 ${item.read ? "text-muted" : "font-semibold text-text"}`}>
          {item.read ? null : <span className="sr-only">New: </span>}
          {notificationSentence(item)}
        </p>
        <p className="text-xs text-muted">{timeAgo(item.createdAt, now)}</p>
      </div>
    </li>
  );
}

/** Lines shown before "Show all": the feed stays in view on a phone. */
const FIRST_LINES = 3;

/**
 * His community notifications (issue 40, decision 0137): who cheered his wins or commented under them, newest first,
 * the unread ones marked, and one button to mark them read. Members only: place it where the feed is shown. `now` is
 * for tests ("3 hours ago").
 */
export function CommunityNotifications({ now, className = "" }: { now?: Date; className?: string }) {
  const list = useQuery(notificationsQuery());
  const markRead = useMarkNotificationsRead();
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const data = list.data;
  const newest = data?.notifications[0]?.createdAt;

  return (
    <section aria-labelledby={headingId} className={`card ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          Notifications{" "}
          {data && data.unread > 0 ? (
            <span className="ml-2 rounded-full bg-volt px-2 py-0.5 align-middle text-xs font-bold text-ink">
              {data.unread} new
            </span>
          ) : null}
        </h2>
        {data && data.unread > 0 ? (
          <button
            type="button"
            className="text-sm font-semibold text-volt underline-offset-4 hover:underline disabled:opacity-60"
            disabled={markRead.isPending}
            // Up to the newest he was shown: one that arrived meanwhile stays unread.
            onClick={() => markRead.mutate(newest)}
          >
            Mark all read
          </button>
        ) : null}
      </div>
      <ErrorBox message={list.error?.message ?? markRead.error?.message} className="mt-4" />
      {data ? (
        data.notifications.length > 0 ? (
          <>
            <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-2/60">
              {(showAll ? data.notifications : data.notifications.slice(0, FIRST_LINES)).map((item) => (
                <NotificationLine key={item.id} item={item} now={now} />
              ))}
            </ul>
            {data.notifications.length > FIRST_LINES ? (
              <button
                type="button"
                className="btn-secondary mt-3 w-full sm:w-auto"
                aria-expanded={showAll}
                onClick={() => setShowAll(!showAll)}
              >
                {showAll ? "Show fewer" : `Show all ${data.notifications.length}`}
              </button>
            ) : null}
          </>
        ) : (
          <p className="mt-4 text-sm text-muted">
            Nothing yet. When a member cheers your win or comments on it, you will see it here.
          </p>
        )
      ) : list.isPending ? (
        <p className="mt-4 text-sm text-muted">Loading your notifications...</p>
      ) : (
        <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" onClick={() => list.refetch()}>
          Try again
        </button>
      )}
    </section>
  );
}
