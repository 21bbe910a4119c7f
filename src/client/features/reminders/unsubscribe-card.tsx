import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import { dashboardSectionPath, paths } from "#shared/paths.ts";
import { listNames, reminderMessages, type UnsubscribeList, unsubscribeLists } from "#shared/reminders/rules.ts";
import { unsubscribe } from "./api/reminder-settings.ts";

/** The list a token names (its second part), for the question; the server checks the signature. */
function listInToken(token: string): UnsubscribeList | null {
  const list = token.split(".")[1];
  return (unsubscribeLists as readonly string[]).includes(list ?? "") ? (list as UnsubscribeList) : null;
}

/** What each list stops, in the question; the community digest shares this page (decision 0137). */
const whatStops: Record<UnsubscribeList, string> = {
  deadlines: "You will no longer get an e-mail the day before a milestone is due, or when its date passes.",
  weekly: "You will no longer get the Monday e-mail with your week ahead and your progress.",
  check_in: "You will no longer get the weekly reminder to check in your screen time.",
  evening: "You will no longer get the evening reminder to put your phone down.",
  community:
    "You will no longer get the daily e-mail with the cheers and comments on your wins. You still see them in the app.",
};

/**
 * Where a reminder's or the community digest's unsubscribe link leads: one button, no sign-in. It asks before it changes anything, because
 * mail scanners open links too (RFC 8058 gives mail providers a one-click POST of their own).
 */
export function UnsubscribeCard({ token }: { token: string | null }) {
  const list = token === null ? null : listInToken(token);
  const confirm = useMutation({ mutationFn: () => unsubscribe(token ?? "") });
  const name = listNames[confirm.data?.list ?? list ?? "deadlines"];
  const eyebrow = list === "community" ? "Community" : "Reminders";

  // The page as built, before its scripts have read the link: its frame, and nothing to press yet.
  if (token === null) {
    return (
      <div className="card" role="status" aria-live="polite">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl uppercase leading-tight">Stop e-mails?</h1>
        <p className="mt-4 text-text/90">Reading your link...</p>
      </div>
    );
  }

  if (!token || !list) {
    return (
      <div className="card">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl uppercase leading-tight">Link not valid</h1>
        <p className="mt-4 text-text/90">{reminderMessages.unsubscribeInvalid}</p>
        <Link to={dashboardSectionPath("settings")} className="btn-primary mt-6">
          Open Settings
        </Link>
      </div>
    );
  }

  if (confirm.isSuccess) {
    return (
      <div className="card" role="status">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl uppercase leading-tight">You are unsubscribed</h1>
        <p className="mt-4 text-text/90">
          You will not get {name} any more. Changed your mind? Turn {name} back on in Settings at any time.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={dashboardSectionPath("settings")} className="btn-primary">
            Open Settings
          </Link>
          <Link to={paths.dashboard} className="btn-secondary">
            Go to my dashboard
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="card">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-tight">Stop {name}?</h1>
      <p className="mt-4 text-text/90">
        {list === "community" ? whatStops[list] : `${whatStops[list]} Your challenges and deadlines stay as they are.`}
      </p>
      <ErrorBox message={confirm.error?.message} className="mt-4" />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? "Please wait..." : "Unsubscribe"}
        </button>
        <Link to={paths.dashboard} className="btn-secondary">
          Keep them
        </Link>
      </div>
    </div>
  );
}
