import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ReminderSettings } from "#shared/reminders/contracts.ts";
import { PHONE_DOWN_TIME_PATTERN } from "#shared/screen-time/rules.ts";
import { eveningQuery } from "./api/evening.ts";
import { useUpdateReminderSettings } from "./api/reminder-settings.ts";
import { type SettingSwitch, SettingSwitches } from "./setting-switches.tsx";

const switches: SettingSwitch[] = [
  {
    key: "screenTimeCheckIn",
    label: "Weekly screen-time check-in",
    description:
      "Sunday evening, if you haven't checked in your screen time that week: a reminder to add the number your phone shows.",
  },
  {
    key: "partnerSeesScreenTime",
    label: "My partner sees my screen-time trend",
    description: "Your accountability partner sees your daily screen time week by week. Off until you allow it.",
  },
];

/**
 * Settings, Reminders: the evening (issue 55). The phone-down time is off until he picks one; the time offered is
 * read from what he wrote about his evenings in the quiz. Saved with a button, not on every turn of the time field
 * (a native time input changes once per digit).
 */
export function EveningSettings({ settings }: { settings: ReminderSettings }) {
  const evening = useQuery(eveningQuery());
  const update = useUpdateReminderSettings();
  const queryClient = useQueryClient();
  const baseId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const saved = settings.phoneDownAt;
  const suggestion = evening.data?.suggestion;
  const value = draft ?? saved ?? suggestion?.at ?? "";
  const valid = PHONE_DOWN_TIME_PATTERN.test(value);
  const save = (phoneDownAt: string | null) =>
    update.mutate(
      { phoneDownAt },
      {
        onSuccess: () => {
          setDraft(null);
          void queryClient.invalidateQueries({ queryKey: eveningQuery().queryKey });
        },
      },
    );

  return (
    <div className="mt-6">
      <h3 className="font-bold text-text">Evenings</h3>
      <div className="mt-3 rounded-2xl border border-line bg-surface-2/60 px-4 py-4">
        <p id={`${baseId}-phone`} className="font-semibold text-text">
          Phone down
        </p>
        <p id={`${baseId}-phone-text`} className="mt-1 text-sm leading-6 text-muted">
          At this time each evening: &ldquo;Phone down&rdquo;, with tonight&rsquo;s one step from your plan and one tap
          to say it&rsquo;s away. As a notification where you have them on, otherwise by e-mail. At most one a day,
          never after you&rsquo;ve answered.
        </p>
        <p className="mt-3 text-sm text-text" role="status">
          {saved ? (
            <>
              On: every evening at <strong>{saved}</strong> your time.
            </>
          ) : suggestion?.because ? (
            <>
              Off. You wrote &ldquo;{suggestion.because}&rdquo; about your evenings, so we suggest{" "}
              <strong>{suggestion.at}</strong>.
            </>
          ) : (
            <>
              Off. Pick a time before your scrolling usually starts; <strong>{suggestion?.at ?? "22:30"}</strong> is a
              good start.
            </>
          )}
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${baseId}-time`} className="mb-1.5 block text-sm font-semibold">
              Phone-down time
            </label>
            <input
              id={`${baseId}-time`}
              type="time"
              className="field w-36"
              value={value}
              step={60}
              required
              aria-describedby={`${baseId}-phone-text`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          {!saved ? (
            <button
              type="button"
              className="btn-primary"
              disabled={!valid || update.isPending}
              onClick={() => save(value)}
            >
              Turn on
            </button>
          ) : (
            <>
              {draft !== null && draft !== saved ? (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={!valid || update.isPending}
                  onClick={() => save(value)}
                >
                  Save
                </button>
              ) : null}
              <button type="button" className="btn-secondary" disabled={update.isPending} onClick={() => save(null)}>
                Turn off
              </button>
            </>
          )}
        </div>
      </div>
      <SettingSwitches switches={switches} settings={settings} className="mt-3" />
    </div>
  );
}
