import { useId, useState } from "react";
import { Switch } from "#client/components/switch.tsx";
import { CONSENT_CATEGORIES, type ConsentChoices, ONLY_ESSENTIAL } from "./consent-rules.ts";

type Props = {
  initial?: ConsentChoices;
  onSave: (choices: ConsentChoices) => void;
  onBack: () => void;
};

/** The preferences view: Essential always on, the other categories off until switched on. */
export function CookiePreferences({ initial = ONLY_ESSENTIAL, onSave, onBack }: Props) {
  const [choices, setChoices] = useState<ConsentChoices>(initial);
  const baseId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choices);
      }}
    >
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-2/60">
        {CONSENT_CATEGORIES.map((category) => {
          const alwaysOn = category.key === "essential";
          const checked = alwaysOn || choices[category.key];
          const labelId = `${baseId}-${category.key}`;
          return (
            <li key={category.key} className="flex items-start gap-4 px-4 py-4">
              <div className="min-w-0 flex-1">
                <p id={labelId} className="font-semibold text-text">
                  {category.label}
                  {alwaysOn && <span className="ml-2 text-xs font-medium text-muted">(always on)</span>}
                </p>
                <p className="mt-1 text-sm leading-6 text-muted">{category.description}</p>
              </div>
              <Switch
                checked={checked}
                labelId={labelId}
                locked={alwaysOn}
                onToggle={() => {
                  if (alwaysOn) return;
                  setChoices((current) => ({ ...current, [category.key]: !current[category.key] }));
                }}
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <button type="submit" className="btn-primary">
          Save Preferences
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}
