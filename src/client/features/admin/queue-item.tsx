import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { ErrorBox } from "#client/components/error-box.tsx";
import { TextAreaField } from "#client/components/text-field.tsx";
import {
  type DecisionForm,
  type DecisionRequest,
  decisionSchema,
  EXPLANATION_MAX,
  type QueueItem,
} from "#shared/admin/contracts.ts";
import { type ModerationDecision, type ReportReason, reportReasons } from "#shared/community/rules.ts";
import { useDecide } from "./api.ts";
import { reasonLabel, shortDate } from "./labels.ts";

/** The reason most reports give: the ground a decision most likely rests on, chosen for him to confirm or change. */
function likeliestGround(item: QueueItem): ReportReason {
  const counts = new Map<ReportReason, number>();
  for (const r of item.reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other";
}

const buttons: { decision: ModerationDecision; label: string; className: string }[] = [
  { decision: "keep", label: "Keep", className: "btn-secondary" },
  { decision: "remove", label: "Remove", className: "btn-primary" },
  {
    decision: "suspend",
    label: "Suspend member",
    className: "btn-secondary border-danger/60 text-danger hover:border-danger hover:bg-danger/10",
  },
];

/**
 * One reported post or comment: what it says, who wrote it (first name only), every report with its reason and note,
 * and the decision. Remove and suspend need an explanation: the author reads it in his statement of reasons.
 */
export function QueueItemCard({ item }: { item: QueueItem }) {
  const decide = useDecide();
  const headingId = useId();
  const groundId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DecisionForm, unknown, DecisionRequest>({
    resolver: zodResolver(decisionSchema),
    defaultValues: {
      itemKind: item.itemKind,
      itemId: item.itemId,
      decision: "keep",
      ground: likeliestGround(item),
      explanation: "",
    },
  });
  const submit = handleSubmit(async (values) => {
    await decide.mutateAsync(values).catch(() => {
      // Shown below from the mutation's error.
    });
  });
  const what = item.itemKind === "post" ? "Post" : "Comment";
  return (
    <article aria-labelledby={headingId} className="card">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-bold">
          {what} by {item.author.firstName || "a member"}
        </h3>
        <p className="text-sm text-muted">
          {item.reports.length === 1 ? "1 report" : `${item.reports.length} reports`} · first{" "}
          {shortDate(item.firstReportedAt)}
        </p>
      </header>
      <p className="mt-1 text-sm text-muted">
        {item.itemKind === "post" ? "Shares" : "Under a post about"} “{item.milestoneText}” · {item.challengeTitle} ·
        written {shortDate(item.createdAt)}
      </p>
      <blockquote className="mt-3 rounded-xl border-l-4 border-volt/70 bg-surface-2 px-4 py-3 break-words whitespace-pre-line">
        {item.text || <span className="text-muted italic">No words of his own: only the win.</span>}
      </blockquote>
      <h4 className="mt-4 text-xs font-bold uppercase tracking-[0.15em] text-muted">Reports</h4>
      <ul className="mt-2 space-y-2">
        {item.reports.map((r, index) => (
          // Reports have no id of their own here (reporters stay unnamed); their order is fixed: oldest first.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered.
          <li key={index} className="text-sm">
            <span className="font-semibold">{reasonLabel(r.reason)}</span>
            <span className="text-muted"> · {shortDate(r.createdAt)}</span>
            {r.note ? <p className="mt-0.5 break-words whitespace-pre-line text-muted">“{r.note}”</p> : null}
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="mt-5 space-y-4 border-t border-line pt-4"
        onSubmit={submit}
        aria-label={`Decide on the ${what.toLowerCase()} by ${item.author.firstName || "a member"}`}
      >
        <div>
          <label htmlFor={groundId} className="mb-1.5 block text-sm font-semibold">
            Community rule it breaks (the ground)
          </label>
          {/* A select matches :read-only, which .field draws as a value not to change; these utilities draw it as a choice. */}
          <select
            id={groundId}
            className="field cursor-pointer border-solid bg-surface text-text focus:border-volt"
            {...register("ground")}
          >
            {reportReasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label="Explanation for the author (required to remove or suspend)"
          rows={3}
          maxLength={EXPLANATION_MAX}
          error={errors.explanation?.message}
          {...register("explanation")}
        />
        <div className="flex flex-wrap gap-3">
          {buttons.map((b) => (
            <button
              key={b.decision}
              type="button"
              className={`${b.className} min-h-11 flex-1 px-5 text-sm sm:flex-none`}
              disabled={isSubmitting}
              onClick={() => {
                setValue("decision", b.decision);
                void submit();
              }}
            >
              {b.label}
            </button>
          ))}
        </div>
        <ErrorBox message={decide.error?.message} />
      </form>
    </article>
  );
}
