import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import type { PartnerSummary } from "#shared/partners/contracts.ts";
import { partnersQuery, useRemovePartner, useRenewPartner } from "./api/partners.ts";
import { InvitePartnerForm } from "./invite-partner-form.tsx";
import { PartnerInitial } from "./partner-card.tsx";
import { invitationDetail, lastOpened, partnerStatusLine } from "./partner-status.ts";
import { UpgradeLine } from "./upgrade-line.tsx";

const dangerButton =
  "inline-flex min-h-12 cursor-pointer items-center justify-center rounded-full bg-danger px-7 text-center font-bold uppercase tracking-wider text-ink transition hover:brightness-110 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50";
const textButton =
  "min-h-11 cursor-pointer rounded-full px-3 text-sm font-semibold underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-50";

type Confirm = { action: "renew" | "remove"; partner: PartnerSummary } | null;

function confirmation({ action, partner }: NonNullable<Confirm>) {
  const name = partner.firstName;
  return action === "renew"
    ? {
        title: `Send ${name} a new link?`,
        text: `The link ${name} has now stops working at once. We e-mail a new one to ${partner.email}.`,
        button: "Send a new link",
      }
    : {
        title: `Remove ${name}?`,
        text: `${name}'s link stops working at once and ${name} gets no more e-mails about your plan. ${name}'s cheers go too.`,
        button: "Remove",
      };
}

function PartnerDetails({ partner, now }: { partner: PartnerSummary; now: Date }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="break-words font-semibold">{partner.firstName}</p>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">{partner.email}</p>
      <p className="mt-1.5 text-sm text-text/90">
        {partner.status === "expired"
          ? "Expired: the link was not confirmed in time"
          : partner.status === "accepted"
            ? "Keeping an eye on your plan"
            : partnerStatusLine(partner, now)}
      </p>
      <p className="text-sm text-muted">
        {partner.status === "accepted" ? lastOpened(partner, now) : invitationDetail(partner, now)}
      </p>
      {partner.emailsStopped ? (
        <p className="mt-1 text-sm text-muted">{partner.firstName} turned off the e-mails about your plan.</p>
      ) : null}
    </div>
  );
}

/**
 * Settings: who sees his plan, when they last looked, and the two changes that take effect at once (a new link, or
 * removal), each confirmed first. An expired invitation gets its new link without asking: nothing works any more.
 */
export function PartnerSettingsSection({ now = new Date() }: { now?: Date }) {
  const partners = useQuery(partnersQuery());
  const renew = useRenewPartner();
  const remove = useRemovePartner();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const pending = renew.isPending || remove.isPending;
  const data = partners.data;

  function ask(action: "renew" | "remove", partner: PartnerSummary) {
    renew.reset();
    remove.reset();
    if (action === "renew" && partner.status === "expired") renew.mutate(partner);
    else setConfirm({ action, partner });
  }

  async function confirmed() {
    if (!confirm) return;
    try {
      if (confirm.action === "renew") await renew.mutateAsync(confirm.partner);
      else await remove.mutateAsync(confirm.partner);
      setConfirm(null);
    } catch {
      // Shown in the dialog; nothing changed.
    }
  }

  const shown = confirm ? confirmation(confirm) : null;
  return (
    <section aria-labelledby="partners-heading" className="card">
      <h2 id="partners-heading" className="text-lg font-bold">
        Accountability partners
      </h2>
      <p className="mt-1 text-muted">
        The people who see your plan through their private link. They hear when you complete or miss a milestone, get a
        Monday summary, and can cheer you on. They never see your e-mail address or your quiz answers.
      </p>
      {confirm ? null : <ErrorBox message={partners.error?.message ?? renew.error?.message} className="mt-4" />}

      {partners.isPending ? (
        <p className="mt-5 text-sm text-muted" role="status">
          Loading your partners...
        </p>
      ) : !data ? (
        <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={() => partners.refetch()}>
          Try again
        </button>
      ) : (
        <>
          {data.partners.length > 0 ? (
            <ul className="mt-5 divide-y divide-line rounded-2xl border border-line bg-surface-2/60">
              {data.partners.map((partner) => (
                <li key={partner.id} className="px-4 py-4" data-testid="partner">
                  <div className="flex items-start gap-3">
                    <PartnerInitial name={partner.firstName} />
                    <PartnerDetails partner={partner} now={now} />
                  </div>
                  <div className="mt-2 -ml-3 flex flex-wrap gap-x-1 sm:pl-[3.25rem]">
                    <button
                      type="button"
                      className={`${textButton} text-volt`}
                      disabled={pending}
                      aria-label={`Send a new link to ${partner.firstName}`}
                      onClick={() => ask("renew", partner)}
                    >
                      Send a new link
                    </button>
                    <button
                      type="button"
                      className={`${textButton} text-danger`}
                      disabled={pending}
                      aria-label={`Remove ${partner.firstName}`}
                      onClick={() => ask("remove", partner)}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-5 text-sm text-muted">You have not invited anyone yet.</p>
          )}
          {data.partners.length < data.maxPartners ? (
            <div className="mt-5">
              <h3 className="mb-3 font-semibold">
                {data.partners.length === 0 ? "Invite a partner" : "Invite another partner"}
              </h3>
              <InvitePartnerForm />
            </div>
          ) : data.maxPartners === 1 ? (
            <div className="mt-5">
              <UpgradeLine />
            </div>
          ) : null}
        </>
      )}

      <Modal open={shown !== null} title={shown?.title ?? ""} onClose={() => (pending ? undefined : setConfirm(null))}>
        <p className="mt-3 text-sm text-text/90">{shown?.text}</p>
        <ErrorBox message={(confirm?.action === "renew" ? renew : remove).error?.message} className="mt-4" />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => setConfirm(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={confirm?.action === "remove" ? dangerButton : "btn-primary"}
            disabled={pending}
            onClick={confirmed}
          >
            {pending ? "Please wait..." : shown?.button}
          </button>
        </div>
      </Modal>
    </section>
  );
}
