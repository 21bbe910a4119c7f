import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Switch } from "#client/components/switch.tsx";
import { communityQuery } from "../api/community.ts";
import { digestSettingQuery, useSetDigest } from "../api/notifications.ts";

/**
 * Settings: the community's daily digest e-mail, on until he turns it off (decision 0137). Only a member has it, so
 * for everyone else the section is not there at all.
 */
export function CommunityDigestSection() {
  const community = useQuery(communityQuery());
  const admitted = community.data?.admitted === true;
  const setting = useQuery({ ...digestSettingQuery(), enabled: admitted });
  const save = useSetDigest();
  const baseId = useId();
  if (!admitted || !setting.data) return null;
  const checked = setting.data.digestEmails;

  return (
    <section aria-labelledby={`${baseId}-heading`} className="card">
      <h2 id={`${baseId}-heading`} className="text-lg font-bold">
        Community
      </h2>
      <div className="mt-4 flex items-start gap-4 rounded-2xl border border-line bg-surface-2/60 px-4 py-4">
        <div className="min-w-0 flex-1">
          <p id={`${baseId}-label`} className="font-semibold text-text">
            Community digest e-mail
          </p>
          <p id={`${baseId}-text`} className="mt-1 text-sm leading-6 text-muted">
            At most one e-mail a day with the cheers and comments on your wins you have not seen in the app.
          </p>
        </div>
        <Switch
          checked={checked}
          labelId={`${baseId}-label`}
          descriptionId={`${baseId}-text`}
          busy={save.isPending}
          onToggle={() => save.mutate(!checked)}
        />
      </div>
      <ErrorBox message={save.error?.message} className="mt-4" />
    </section>
  );
}
