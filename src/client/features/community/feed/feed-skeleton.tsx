/**
 * Stand-ins the shape and size of real posts (header, win box, cheer and comment row) while the first page loads, so
 * the feed does not move when it arrives.
 */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading the feed...</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder.
        <div key={i} aria-hidden="true" className="card p-4 sm:p-5" data-testid="feed-skeleton">
          <div className="flex items-start gap-3">
            <div className="size-10 shrink-0 rounded-full bg-surface-2 motion-safe:animate-pulse" />
            <div className="flex-1 space-y-2 pt-0.5">
              <div className="h-4 w-28 rounded bg-surface-2 motion-safe:animate-pulse" />
              <div className="h-3.5 w-36 rounded bg-surface-2 motion-safe:animate-pulse" />
            </div>
          </div>
          <div className="mt-3 h-[5.25rem] rounded-xl bg-surface-2/70 motion-safe:animate-pulse" />
          <div className="mt-3 h-12 rounded bg-surface-2/50 motion-safe:animate-pulse" />
          <div className="mt-3 flex gap-2 border-t border-line pt-3">
            <div className="h-11 w-28 rounded-full bg-surface-2 motion-safe:animate-pulse" />
            <div className="h-11 w-32 rounded-full bg-surface-2/60 motion-safe:animate-pulse" />
          </div>
        </div>
      ))}
    </div>
  );
}
