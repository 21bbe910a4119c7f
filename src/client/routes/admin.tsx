import { useQuery } from "@tanstack/react-query";
import { ErrorBox } from "#client/components/error-box.tsx";
import { FullScreenMessage, SessionPending } from "#client/components/full-screen-message.tsx";
import { AdmissionForm } from "#client/features/admin/admission-form.tsx";
import { decisionLogQuery, isNotOperator, overviewQuery, queueQuery } from "#client/features/admin/api.ts";
import { DecisionLogList } from "#client/features/admin/decision-log.tsx";
import { OverviewCounts } from "#client/features/admin/overview-counts.tsx";
import { QueueItemCard } from "#client/features/admin/queue-item.tsx";
import { config } from "#client/lib/config.ts";
import { preload } from "#client/lib/preload.ts";
import { sessionQuery, useSession } from "#client/lib/session.ts";
import NotFound from "./not-found.tsx";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

export function meta() {
  return [{ title: `Operator — ${config.appName}` }];
}

export const clientLoader = () => preload(sessionQuery(), overviewQuery(), queueQuery(), decisionLogQuery());

/**
 * /admin, the operator's page (issue 40, decision 0136): the counts, the moderation queue, admission and the log.
 * The API answers 404 to anyone not marked as an operator, and then this is the app's not-found screen, so the page
 * looks to a stranger like any path that does not exist.
 */
export default function Admin() {
  const { isPending, user } = useSession();
  const overview = useQuery(overviewQuery());
  const queue = useQuery(queueQuery());
  const log = useQuery(decisionLogQuery());
  if (isPending) return <SessionPending />;
  if (!user || [overview, queue, log].some((q) => isNotOperator(q.error))) return <NotFound />;
  if (!overview.data) {
    return overview.error ? (
      <main className="page-container py-10">
        <ErrorBox message={messageOf(overview.error)} />
      </main>
    ) : (
      <FullScreenMessage>Loading...</FullScreenMessage>
    );
  }
  const items = queue.data?.items ?? [];
  return (
    <main className="page-container pt-8 pb-16">
      <p className="eyebrow">Operator</p>
      <h1 className="mt-2 font-display text-4xl uppercase leading-none tracking-wide sm:text-5xl">Community desk</h1>
      <div className="mt-8">
        <OverviewCounts overview={overview.data} />
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="admin-queue">
          <h2 id="admin-queue" className="text-xl font-bold">
            Moderation queue
          </h2>
          <p className="mt-1 text-sm text-muted">
            Oldest report first. Remove and suspend e-mail the author a statement of reasons with your explanation.
          </p>
          <ErrorBox message={messageOf(queue.error)} className="mt-4" />
          {queue.data && items.length === 0 ? (
            <p className="mt-4 text-sm text-muted">Nothing to decide: no open reports.</p>
          ) : null}
          <div className="mt-4 space-y-5">
            {items.map((item) => (
              <QueueItemCard key={`${item.itemKind}:${item.itemId}`} item={item} />
            ))}
          </div>
        </section>
        <div className="space-y-10">
          <AdmissionForm waiting={overview.data.community.waiting} />
          <ErrorBox message={messageOf(log.error)} />
          <DecisionLogList decisions={log.data?.decisions ?? []} />
        </div>
      </div>
    </main>
  );
}
