import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorBox } from "../../components/error-box.tsx";
import { reminderSettingsQuery, useUpdateReminderSettings } from "./api/reminder-settings.ts";

type SwitchKey = "deadlineEmails" | "weeklySummary";

const switches: Array<{ key: SwitchKey; label: string; description: string }> = [
  {
    key: "deadlineEmails",
    label: "Deadline reminders",
    description: "An e-mail the day before a milestone is due, and one if its date passes while it is still open.",
  },
  {
    key: "weeklySummary",
    label: "Weekly summary",
    description: "Monday morning: what is due this week, what you completed last week, and your progress.",
  },
];

/** Settings: the reminder e-mails, both on by default, each one tap to turn off (issue 14, decision 0094). */
export function ReminderSettingsSection() {
  const settings = useQuery(reminderSettingsQuery());
  const update = useUpdateReminderSettings();
  const baseId = useId();
  const data = settings.data;

  return (
    <section aria-labelledby={`${baseId}-heading`} className="card">
      <h2 id={`${baseId}-heading`} className="text-lg font-bold">
        Reminders
      </h2>
      <p className="mt-1 text-muted">
        E-mails that keep your deadlines in sight. They arrive from 8:00 in the morning your time, never at night.
      </p>
      <ErrorBox message={settings.error?.message} className="mt-4" />
      {data ? (
        <ul className="mt-5 divide-y divide-line rounded-2xl border border-line bg-surface-2/60">
          {switches.map((item) => {
            const checked = data[item.key];
            const labelId = `${baseId}-${item.key}`;
            return (
              <li key={item.key} className="flex items-start gap-4 px-4 py-4">
                <div className="min-w-0 flex-1">
                  <p id={labelId} className="font-semibold text-text">
                    {item.label}
                  </p>
                  <p id={`${labelId}-text`} className="mt-1 text-sm leading-6 text-muted">
                    {item.description}
                  </p>
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={checked}
                  aria-labelledby={labelId}
                  aria-describedby={`${labelId}-text`}
                  onClick={() => update.mutate({ [item.key]: !checked })}
                  className={`relative mt-0.5 inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border transition ${
                    checked ? "border-volt bg-volt" : "border-line bg-ink"
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block size-6 rounded-full transition ${
                      checked ? "translate-x-[1.6rem] bg-ink" : "translate-x-1 bg-muted"
                    }`}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : settings.isPending ? (
        <p className="mt-5 text-sm text-muted">Loading your reminder settings...</p>
      ) : (
        <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={() => settings.refetch()}>
          Try again
        </button>
      )}
      {data ? (
        <p className="mt-3 text-sm text-muted">
          {data.timeZone ? `Your time zone: ${data.timeZone.replaceAll("_", " ")}.` : "Your time zone: not known yet."}{" "}
          Reminders are only sent for milestones you gave a due date.
        </p>
      ) : null}
    </section>
  );
}
