import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { toast } from "react-toastify/unstyled";
import { blocksQuery, useUnblock } from "../api/feed.ts";

function sinceDay(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMMM d, yyyy");
}

/** Where the feed's "See blocked members" leads (issue 53 row 5). */
export const BLOCKED_MEMBERS_ID = "blocked-members";

/**
 * The members he blocked, under the feed where he blocked them (decision 0138), each with Unblock. Closed by default:
 * it is rarely needed and should not push the feed around. `open` is the feed's, which opens it from its empty state.
 */
export function BlockedMembers({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <section
      id={BLOCKED_MEMBERS_ID}
      aria-labelledby="blocked-heading"
      className="mt-12 scroll-mt-6 border-t border-line pt-6"
    >
      <h2 id="blocked-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="blocked-list"
          onClick={() => onOpenChange(!open)}
          className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 text-left text-sm font-bold uppercase tracking-[0.15em] text-muted hover:text-text"
        >
          Blocked members
          <span aria-hidden="true" className={`transition ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h2>
      <div id="blocked-list" hidden={!open}>
        {open ? <BlockedList /> : null}
      </div>
    </section>
  );
}

function BlockedList() {
  const blocks = useQuery(blocksQuery());
  const unblock = useUnblock();
  if (blocks.isPending) {
    return (
      <p role="status" className="mt-2 text-sm text-muted">
        Loading...
      </p>
    );
  }
  if (blocks.isError) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-danger">
          {blocks.error.message}
        </p>
        <button type="button" className="btn-secondary min-h-11 px-5 text-sm" onClick={() => blocks.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (blocks.data.length === 0) {
    return (
      <p className="mt-2 text-sm text-muted">You haven't blocked anyone. Block a member from the "…" on his post.</p>
    );
  }
  return (
    <ul className="mt-2 divide-y divide-line rounded-2xl border border-line bg-surface">
      {blocks.data.map((member) => (
        <li key={member.id} className="flex items-center justify-between gap-3 px-4 py-2">
          <div className="min-w-0">
            <p className="truncate font-semibold">{member.firstName}</p>
            <p className="text-xs text-muted">Blocked since {sinceDay(member.since)}</p>
          </div>
          <button
            type="button"
            className="btn-secondary min-h-11 shrink-0 px-5 text-sm"
            disabled={unblock.isPending && unblock.variables === member.id}
            aria-label={`Unblock ${member.firstName}`}
            onClick={() =>
              unblock.mutate(member.id, {
                onSuccess: () => toast.success(`${member.firstName} is unblocked. His posts show again.`),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Unblock
          </button>
        </li>
      ))}
    </ul>
  );
}
