import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import type { CalendarFeed } from "#shared/calendar/contracts.ts";
import { calendarMessages } from "#shared/calendar/rules.ts";
import {
  calendarFeedQuery,
  useCreateCalendarFeed,
  useRenewCalendarFeed,
  useRevokeCalendarFeed,
} from "./api/calendar-feed.ts";

const textButton =
  "min-h-11 cursor-pointer rounded-full px-3 text-sm font-semibold underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-50";

type Confirm = "renew" | "revoke" | null;

const confirmations = {
  renew: {
    title: "Get a new calendar link?",
    text: "The current link stops working at once. Calendars that use it stop updating until you add the new link.",
    action: "Get a new link",
  },
  revoke: {
    title: "Turn off your calendar link?",
    text: "The link stops working at once and your calendars stop updating. You can create a new link at any time.",
    action: "Turn off",
  },
} as const;

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(calendarMessages.copied);
  } catch {
    toast.error("Could not copy. Select the link and copy it yourself.");
  }
}

function FeedLinks({ feed, onConfirm }: { feed: CalendarFeed; onConfirm: (what: Confirm) => void }) {
  return (
    <>
      <label htmlFor="calendar-url" className="mt-5 block text-sm font-semibold">
        Your private calendar link
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="calendar-url"
          readOnly
          value={feed.url}
          className="field min-w-0 flex-1 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={() => copy(feed.url)}>
          Copy link
        </button>
      </div>
      <p className="mt-2 text-sm text-muted">
        Anyone with this link can see your milestones. Keep it to yourself, and get a new one if you shared it by
        mistake.
      </p>
      <p className="mt-5 text-sm font-semibold">Add it to your calendar</p>
      <div className="mt-2 grid gap-3 sm:flex">
        <a
          className="btn-primary"
          href={feed.googleUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Add to Google Calendar"
        >
          Google Calendar
        </a>
        <a className="btn-secondary" href={feed.webcalUrl} aria-label="Add to Apple or Outlook">
          Apple or Outlook
        </a>
      </div>
      <div className="mt-4 flex flex-wrap gap-x-2">
        <button type="button" className={`${textButton} text-volt`} onClick={() => onConfirm("renew")}>
          Get a new link
        </button>
        <button type="button" className={`${textButton} text-danger`} onClick={() => onConfirm("revoke")}>
          Turn off
        </button>
      </div>
    </>
  );
}

/**
 * Settings: his milestones in the calendar he already uses (issue 14). The address is secret, so he creates it on
 * purpose, can renew it if it leaked and turn it off; both take effect at once and are confirmed first.
 */
export function CalendarFeedSection() {
  const feed = useQuery(calendarFeedQuery());
  const create = useCreateCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const pending = renew.isPending || revoke.isPending;
  const error = feed.error ?? create.error ?? renew.error ?? revoke.error;

  async function confirmed() {
    const change = confirm === "renew" ? renew : revoke;
    try {
      await change.mutateAsync();
      setConfirm(null);
    } catch {
      // Shown in the dialog; the link is unchanged.
    }
  }

  return (
    <section aria-labelledby="calendar-heading" className="card">
      <h2 id="calendar-heading" className="text-lg font-bold">
        Calendar
      </h2>
      <p className="mt-1 text-muted">
        See your milestone due dates in the calendar you already use: Google, Apple or Outlook. It follows every
        deadline you change on your dashboard.
      </p>
      {confirm ? null : <ErrorBox message={error?.message} className="mt-4" />}
      {feed.isPending ? (
        <p className="mt-5 text-sm text-muted">Loading your calendar link...</p>
      ) : feed.data?.feed ? (
        <FeedLinks feed={feed.data.feed} onConfirm={setConfirm} />
      ) : feed.data ? (
        <button
          type="button"
          className="btn-primary mt-5 w-full sm:w-auto"
          disabled={create.isPending}
          onClick={() => create.mutate()}
        >
          {create.isPending ? "Creating your link..." : "Create my calendar link"}
        </button>
      ) : (
        <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={() => feed.refetch()}>
          Try again
        </button>
      )}

      <Modal
        open={confirm !== null}
        title={confirm ? confirmations[confirm].title : ""}
        onClose={() => setConfirm(null)}
      >
        <p className="mt-3 text-sm text-text/90">{confirm ? confirmations[confirm].text : null}</p>
        <ErrorBox message={(confirm === "renew" ? renew : revoke).error?.message} className="mt-4" />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => setConfirm(null)}>
            Cancel
          </button>
          <button type="button" className="btn-primary" disabled={pending} onClick={confirmed}>
            {pending ? "Please wait..." : confirm ? confirmations[confirm].action : ""}
          </button>
        </div>
      </Modal>
    </section>
  );
}
