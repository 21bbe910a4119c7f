import { useId } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Switch } from "#client/components/switch.tsx";
import { pushMessages } from "#shared/push/rules.ts";
import { usePushDevice } from "./use-push-device.ts";

/**
 * Settings, Reminders: the same reminders as notifications on this phone or computer (issue 14 part 4). Only where
 * the browser can receive push and the server has a key; otherwise nothing is shown and e-mail is the way.
 */
export function PushDeviceSwitch() {
  const push = usePushDevice();
  const labelId = useId();
  if (!push.shown) return null;
  return (
    <div className="mt-4 rounded-2xl border border-line bg-surface-2/60 px-4 py-4">
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <p id={labelId} className="font-semibold text-text">
            Push notifications on this device
          </p>
          <p id={`${labelId}-text`} className="mt-1 text-sm leading-6 text-muted">
            The same reminders as a notification on this phone or computer, at the same times as the e-mails. Switch it
            on separately on every device where you want them.
          </p>
        </div>
        <Switch
          checked={push.on}
          labelId={labelId}
          descriptionId={`${labelId}-text`}
          busy={push.busy}
          onToggle={() => push.toggle(!push.on)}
        />
      </div>
      {push.blocked && !push.error ? <p className="mt-3 text-sm text-muted">{pushMessages.blocked}</p> : null}
      <ErrorBox message={push.error} className="mt-3" />
    </div>
  );
}
