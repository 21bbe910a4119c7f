import type { LoggedDecision } from "#shared/admin/contracts.ts";
import { reasonLabel, shortDate } from "./labels.ts";

const decisionLabel = { keep: "Kept", remove: "Removed", suspend: "Removed and suspended" } as const;

function statementState(d: LoggedDecision) {
  if (d.decision === "keep") return "No statement needed";
  return d.statementSentAt ? `Statement sent ${shortDate(d.statementSentAt)}` : "Statement not sent (see the log)";
}

/** The log of every decision, newest first: what the operator answers for (DSA Art. 17, decision 0136). */
export function DecisionLogList({ decisions }: { decisions: LoggedDecision[] }) {
  return (
    <section aria-labelledby="admin-log">
      <h2 id="admin-log" className="text-xl font-bold">
        Decisions
      </h2>
      {decisions.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No decisions yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {decisions.map((d) => (
            <li key={d.id} className="card p-4 text-sm">
              <p className="font-semibold">
                {decisionLabel[d.decision]}: {d.itemKind} by {d.author.firstName || "a member"}
              </p>
              <p className="mt-0.5 text-muted">
                {reasonLabel(d.ground)} · {d.reports === 1 ? "1 report" : `${d.reports} reports`} · by {d.decidedBy},{" "}
                {shortDate(d.decidedAt)}
              </p>
              {d.explanation ? <p className="mt-1 break-words whitespace-pre-line">{d.explanation}</p> : null}
              <p className="mt-1 text-xs text-muted">{statementState(d)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
