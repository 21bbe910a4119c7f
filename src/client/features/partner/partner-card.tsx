import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import type { PartnerSummary } from "#shared/partners/contracts.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { partnersQuery, useRenewPartner } from "./api/partners.ts";
import { InvitePartnerForm } from "./invite-partner-form.tsx";
import { partnerStatusLine } from "./partner-status.ts";
import { UpgradeLine } from "./upgrade-line.tsx";

const textButton =
  "min-h-11 cursor-pointer rounded-full px-1 text-sm font-semibold text-volt underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-50";

/** The initial in a small circle: a face for the name, not announced. */
export function PartnerInitial({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-volt/10 font-display text-lg uppercase text-volt"
    >
      {Array.from(name.trim())[0] ?? "?"}
    </span>
  );
}

function PartnerRow({ partner, now }: { partner: PartnerSummary; now: Date }) {
  const renew = useRenewPartner();
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="partner">
      <PartnerInitial name={partner.firstName} />
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{partner.firstName}</p>
        {partner.status === "expired" ? (
          <p className="text-sm text-muted">
            Expired —{" "}
            <button
              type="button"
              className={textButton}
              disabled={renew.isPending}
              onClick={() => renew.mutate(partner)}
              aria-label={`Send a new link to ${partner.firstName}`}
            >
              {renew.isPending ? "Sending..." : "Send a new link"}
            </button>
          </p>
        ) : (
          <p className={`text-sm ${partner.status === "accepted" ? "text-text/90" : "text-muted"}`}>
            {partnerStatusLine(partner, now)}
          </p>
        )}
        <ErrorBox message={renew.error?.message} className="mt-2" />
      </div>
    </li>
  );
}

/**
 * The dashboard's accountability partner (issue 25): without one, why and the invitation; with partners, where each
 * stands. Free users at their one partner see the way to Premium.
 */
export function PartnerCard({ now = new Date() }: { now?: Date }) {
  const partners = useQuery(partnersQuery());
  const [adding, setAdding] = useState(false);
  const formBox = useRef<HTMLDivElement>(null);
  const data = partners.data;

  function openForm() {
    flushSync(() => setAdding(true));
    formBox.current?.querySelector("input")?.focus();
  }

  return (
    <section aria-labelledby="partner-heading" className="card mt-10" data-testid="partner-card">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="partner-heading" className="font-display text-2xl uppercase tracking-wide sm:text-3xl">
          Accountability partner
        </h2>
        {data && data.partners.length > 0 ? (
          <Link
            to={dashboardSectionPath("settings")}
            className="shrink-0 py-2 text-sm font-semibold text-volt underline-offset-4 hover:underline"
            aria-label="Manage your partners in Settings"
          >
            Manage
          </Link>
        ) : null}
      </div>

      {partners.isPending ? (
        <p className="mt-3 text-sm text-muted" role="status">
          Loading your partner...
        </p>
      ) : !data ? (
        <>
          <ErrorBox message={partners.error?.message} className="mt-4" />
          <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" onClick={() => partners.refetch()}>
            Try again
          </button>
        </>
      ) : data.partners.length === 0 ? (
        <>
          <p className="mt-2 text-text/90">
            Your plan says it: tell one person you trust what you committed to. Invite them, and they see your
            challenges and progress, hear when you finish or miss a milestone, and can cheer you on.
          </p>
          <p className="mt-2 text-sm text-muted">
            No account needed for them. They never see your e-mail address or your quiz answers.
          </p>
          <div className="mt-5">
            <InvitePartnerForm />
          </div>
        </>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line">
            {data.partners.map((partner) => (
              <PartnerRow key={partner.id} partner={partner} now={now} />
            ))}
          </ul>
          {data.partners.length < data.maxPartners ? (
            adding ? (
              <div ref={formBox} className="mt-5 border-t border-line pt-5">
                <InvitePartnerForm onInvited={() => setAdding(false)} />
              </div>
            ) : (
              <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={openForm}>
                Invite another partner
              </button>
            )
          ) : data.maxPartners === 1 ? (
            <div className="mt-5">
              <UpgradeLine />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
