import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { feedMessages, REPORT_NOTE_MAX, type ReportReason, reportReasons } from "#shared/community/rules.ts";
import { type ReportTarget, useReport } from "../api/feed.ts";

/** What the confirmation says once the server has the report: gone for him now, and someone will look at it. */
const reportConfirmations = {
  post: "Thanks for telling us. The post is hidden for you, and we'll review it.",
  comment: "Thanks for telling us. The comment is hidden for you, and we'll review it.",
} as const;

/**
 * Reporting a post or a comment (DSA Art. 16): a reason from the fixed list and, if he likes, a note. Once sent, what
 * he reported is gone from his screen and a short toast says so; the focus goes back where the page puts it.
 */
export function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  /** `sent`: the report went through, and what it named is gone from the screen. */
  onClose: (sent: boolean) => void;
}) {
  return (
    <Modal
      open={target !== null}
      title={target?.kind === "comment" ? "Report comment" : "Report post"}
      onClose={() => onClose(false)}
    >
      {target ? (
        <ReportForm key={target.kind === "post" ? target.postId : target.commentId} target={target} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: (sent: boolean) => void }) {
  const report = useReport(target);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [missingReason, setMissingReason] = useState(false);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate(
      { reason, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(reportConfirmations[target.kind]);
          onClose(true);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-5">
      <p className="text-sm text-muted">
        Only our team sees who reported it. The {target.kind} is hidden for you as soon as you send this.
      </p>
      <fieldset aria-describedby={missingReason ? "report-reason-error" : undefined}>
        <legend className="mb-2 text-sm font-semibold">Why are you reporting it?</legend>
        <div className="space-y-1.5">
          {reportReasons.map((option) => (
            <label
              key={option.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 text-sm has-[:checked]:border-volt has-[:checked]:bg-volt/10"
            >
              <input
                type="radio"
                name="reason"
                value={option.id}
                checked={reason === option.id}
                onChange={() => {
                  setReason(option.id);
                  setMissingReason(false);
                }}
                className="size-4 accent-volt"
              />
              {option.label}
            </label>
          ))}
        </div>
        {missingReason ? (
          <p id="report-reason-error" role="alert" className="mt-2 text-sm text-danger">
            {feedMessages.reportReason}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor="report-note" className="mb-1.5 block text-sm font-semibold">
          Anything else we should know? <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id="report-note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="field resize-y py-2.5 leading-snug"
        />
      </div>
      <ErrorBox message={report.error?.message} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={report.isPending}>
          {report.isPending ? "Sending..." : "Send report"}
        </button>
      </div>
    </form>
  );
}
