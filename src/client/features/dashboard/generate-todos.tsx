import { useIsMutating, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Spinner } from "#client/components/spinner.tsx";
import { isUnlimited } from "#client/components/token-display.tsx";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { generateKey } from "./api/dashboard-cache.ts";
import { todosPreviewQuery, useGenerateTodos } from "./api/generate-todos.ts";

const insufficient = "Insufficient tokens - upgrade to premium for more!";

/** SPEC.md section 2's generate-todos button: one token for 3–5 AI todos, or the way to premium when none is left. */
export function GenerateTodos({
  milestoneId,
  tokens,
  locked,
}: {
  milestoneId: string;
  tokens: Dashboard["tokens"];
  locked: boolean;
}) {
  const generate = useGenerateTodos(milestoneId);
  const running = useIsMutating({ mutationKey: generateKey(milestoneId) }) > 0;
  const unlimited = isUnlimited(tokens);
  const short = !unlimited && tokens.remaining <= 0;
  const preview = useQuery(todosPreviewQuery(milestoneId, running));

  if (running) {
    const written = preview.data?.todos ?? [];
    return (
      <div className="mt-4 rounded-xl border border-volt/30 bg-volt/5 px-4 py-3 text-sm" data-testid="todos-preview">
        <p className="flex items-center gap-3" role="status">
          <Spinner />
          <span>
            {written.length === 0
              ? "Generating your todos... this takes a few seconds."
              : `Writing your todos: ${written.length} so far...`}
          </span>
        </p>
        {written.length > 0 ? (
          <ul className="mt-3 space-y-2" aria-label="Todos written so far">
            {written.map((todo, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end, and two todos may read alike
              <li key={index} className="flex items-start gap-3 motion-safe:animate-fade-up">
                <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 rounded border border-muted/50" />
                <span>{todo}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  if (short) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={`${milestoneId}-short`}
          title={insufficient}
          className="inline-flex min-h-10 cursor-not-allowed items-center gap-2 rounded-full border border-dashed border-muted/40 bg-surface px-4 text-sm font-semibold text-muted"
        >
          <span aria-hidden="true">✦</span> Generate todos
        </button>
        <p id={`${milestoneId}-short`} className="text-sm text-muted">
          {insufficient}{" "}
          <Link
            to={dashboardSectionPath("premium")}
            className="font-semibold text-volt underline decoration-volt/40 underline-offset-4 hover:decoration-volt"
          >
            Upgrade to Premium
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <button
        type="button"
        // Premium spends no token, so no price is shown to a member (issue 35 row 12, decision 0118).
        title={unlimited ? "Generate todos" : "Generate todos (1 token)"}
        disabled={locked}
        onClick={() => generate.mutate()}
        className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-volt/50 bg-volt/10 px-4 text-sm font-semibold text-volt transition hover:bg-volt hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span aria-hidden="true">✦</span> Generate todos
        {unlimited ? null : <span className="font-normal opacity-80">· 1 token</span>}
      </button>
    </div>
  );
}
