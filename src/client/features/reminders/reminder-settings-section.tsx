import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import { reminderSettingsQuery } from "./api/reminder-settings.ts";
import { EveningSettings } from "./evening-settings.tsx";
import { PushDeviceSwitch } from "./push-device-switch.tsx";
import { type SettingSwitch, SettingSwitches } from "./setting-switches.tsx";

const switches: SettingSwitch[] = [
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

/**
 * Settings: the reminder e-mails, both on by default, each one tap to turn off (issue 14, decision 0094), and push
 * notifications on this device (decision 0098).
 */
export function ReminderSettingsSection() {
  const settings = useQuery(reminderSettingsQuery());
  const baseId = useId();
  const data = settings.data;

  return (
    <section aria-labelledby={`${baseId}-heading`} className="card">
      <h2 id={`${baseId}-heading`} className="text-lg font-bold">
        Reminders
      </h2>
      <p className="mt-1 text-muted">
        E-mails that keep your deadlines in sight. They arrive from 8:00 in the morning your time, never at night,
        except the phone-down reminder at the time you pick.
      </p>
      <ErrorBox message={settings.error?.message} className="mt-4" />
      {data ? (
        <SettingSwitches switches={switches} settings={data} className="mt-5" />
      ) : settings.isPending ? (
        <p className="mt-5 text-sm text-muted">Loading your reminder settings...</p>
      ) : (
        <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={() => settings.refetch()}>
          Try again
        </button>
      )}
      {data ? <PushDeviceSwitch /> : null}
      {data ? <EveningSettings settings={data} /> : null}
      {data ? (
        <p className="mt-3 text-sm text-muted">
          {data.timeZone ? `Your time zone: ${data.timeZone.replaceAll("_", " ")}.` : "Your time zone: not known yet."}{" "}
          Reminders are only sent for milestones you gave a due date.
        </p>
      ) : null}
    </section>
  );
}
