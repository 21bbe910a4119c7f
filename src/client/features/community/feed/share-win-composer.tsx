import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { POST_TEXT_MAX } from "#shared/community/rules.ts";
import { formatMinutes } from "#shared/minutes.ts";
import { paths } from "#shared/paths.ts";
import { useSharePost } from "../api/feed.ts";
import type { ShareableWin } from "./shareable-wins.ts";
import { useTextProblem, useWinProblem } from "./text-problem.ts";

/** What the post will show of his proof: the proof itself, not only that there is one (issue 53 row 4). */
const proofShown = { activity: "Others see your route, distance and pace.", photo: "Others see your photo." } as const;

/**
 * "Share a win": which win, a few words if he likes, and whether to show the proof behind it. Nothing is posted
 * until he presses Share; "Share this win?" on the dashboard only opens this with its milestone chosen.
 */
export function ShareWinComposer({
  open,
  wins,
  tookBackThisWeek = null,
  winsLoading,
  preselected,
  onClose,
}: {
  open: boolean;
  wins: ShareableWin[];
  tookBackThisWeek?: number | null;
  winsLoading: boolean;
  preselected: string | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title="Share a win" onClose={onClose} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      {open ? (
        winsLoading ? (
          <p role="status" className="mt-4 text-muted">
            Loading your wins...
          </p>
        ) : wins.length === 0 ? (
          <NoWinsYet onClose={onClose} />
        ) : (
          <ComposerForm wins={wins} tookBack={tookBackThisWeek} preselected={preselected} onClose={onClose} />
        )
      ) : null}
    </Modal>
  );
}

function NoWinsYet({ onClose }: { onClose: () => void }) {
  return (
    <div className="mt-4 space-y-5">
      <p className="text-muted">
        Complete a milestone on your dashboard or validate your run, then come back and share it here.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
        <Link to={paths.dashboard} className="btn-primary">
          Go to my dashboard
        </Link>
      </div>
    </div>
  );
}

function ComposerForm({
  wins,
  tookBack,
  preselected,
  onClose,
}: {
  wins: ShareableWin[];
  tookBack: number | null;
  preselected: string | null;
  onClose: () => void;
}) {
  const share = useSharePost();
  const id = useId();
  const [selected, setSelected] = useState<string | null>(
    wins.find((win) => win.key === preselected)?.key ?? (wins.length === 1 ? (wins[0]?.key ?? null) : null),
  );
  const [text, setText] = useState("");
  const [withProof, setWithProof] = useState(true);
  // His phone's figures are his: shown only when he ticks it.
  const [withScreenTime, setWithScreenTime] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const win = wins.find((w) => w.key === selected) ?? null;
  // None for an empty box: a post's words are optional.
  const problem = useTextProblem("post", text);
  // What the post would show of his plan follows the same rules: said as soon as he chooses the win.
  const winProblem = useWinProblem(win);
  const length = text.trim().length;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!win || problem || winProblem) return;
    const shown = {
      text: text.trim(),
      withProof: win.proof !== null && withProof,
      withScreenTime: withScreenTime && tookBack !== null,
    };
    const request =
      win.kind === "milestone"
        ? { kind: "milestone" as const, milestoneId: win.milestoneId, ...shown }
        : { kind: "run" as const, ...shown };
    share.mutate(request, {
      onSuccess: () => {
        toast.success("Your win is in the feed. Well done.");
        onClose();
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-5">
      <fieldset aria-describedby={submitted && !win ? `${id}-win-error` : winProblem ? `${id}-win-problem` : undefined}>
        <legend className="mb-2 text-sm font-semibold">Which win?</legend>
        <div className="max-h-72 space-y-2 overflow-y-auto pr-1">
          {wins.map((option) => (
            <label
              key={option.key}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-volt has-[:checked]:bg-volt/10"
            >
              <input
                type="radio"
                name="win"
                value={option.key}
                checked={selected === option.key}
                onChange={() => {
                  setSelected(option.key);
                  share.reset();
                }}
                className="mt-1 size-4 shrink-0 accent-volt"
              />
              <span className="min-w-0">
                <span className="block break-words font-semibold">{option.title}</span>
                <span className="block break-words text-sm text-muted">{option.detail}</span>
              </span>
            </label>
          ))}
        </div>
        {submitted && !win ? (
          <p id={`${id}-win-error`} role="alert" className="mt-2 text-sm text-danger">
            Choose the win you want to share.
          </p>
        ) : null}
        {winProblem ? (
          <p id={`${id}-win-problem`} role="alert" className="mt-2 text-sm text-danger">
            {winProblem}
          </p>
        ) : null}
      </fieldset>

      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-semibold">
          A few words <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          placeholder="What did it take? What's next?"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count${problem ? ` ${id}-text-error` : ""}`}
          onChange={(event) => setText(event.target.value)}
          className={`field resize-y py-2.5 leading-snug ${problem ? "border-danger focus:border-danger" : ""}`}
        />
        <p
          id={`${id}-count`}
          className={`mt-1 text-right text-xs ${length > POST_TEXT_MAX ? "text-danger" : "text-muted"}`}
        >
          {length}/{POST_TEXT_MAX}
        </p>
        {problem ? (
          <p id={`${id}-text-error`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>

      {win?.proof ? (
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={withProof}
            onChange={(event) => setWithProof(event.target.checked)}
            className="mt-1 size-4 shrink-0 accent-volt"
          />
          <span>
            <span className="block font-semibold">Show my proof</span>
            <span className="block text-sm text-muted">{proofShown[win.proof]}</span>
          </span>
        </label>
      ) : null}

      {tookBack !== null ? (
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={withScreenTime}
            onChange={(event) => setWithScreenTime(event.target.checked)}
            className="mt-1 size-4 shrink-0 accent-volt"
          />
          <span>
            <span className="block font-semibold">Show that I took back {formatMinutes(tookBack)} this week</span>
            <span className="block text-sm text-muted">
              From your screen-time check-ins. Your apps are never shown.
            </span>
          </span>
        </label>
      ) : null}

      <ErrorBox message={share.error?.message} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={share.isPending}>
          {share.isPending ? "Sharing..." : "Share"}
        </button>
      </div>
    </form>
  );
}
