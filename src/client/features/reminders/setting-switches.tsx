import { useId } from "react";
import { Switch } from "#client/components/switch.tsx";
import type { ReminderSettings } from "#shared/reminders/contracts.ts";
import { useUpdateReminderSettings } from "./api/reminder-settings.ts";

/** The on/off settings of his reminders. */
type SwitchKey = "deadlineEmails" | "weeklySummary" | "screenTimeCheckIn" | "partnerSeesScreenTime";
export type SettingSwitch = { key: SwitchKey; label: string; description: string };

/** A list of his reminder switches, each saved on its own the moment he flips it. */
export function SettingSwitches({
  switches,
  settings,
  className = "",
}: {
  switches: readonly SettingSwitch[];
  settings: ReminderSettings;
  className?: string;
}) {
  const update = useUpdateReminderSettings();
  const baseId = useId();
  return (
    <ul className={`divide-y divide-line rounded-2xl border border-line bg-surface-2/60 ${className}`}>
      {switches.map((item) => {
        const checked = settings[item.key];
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
            <Switch
              checked={checked}
              labelId={labelId}
              descriptionId={`${labelId}-text`}
              onToggle={() => update.mutate({ [item.key]: !checked })}
            />
          </li>
        );
      })}
    </ul>
  );
}
