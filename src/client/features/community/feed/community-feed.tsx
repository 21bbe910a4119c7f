import { useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { FeedPost } from "#shared/community/contracts.ts";
import { feedQuery, type ReportTarget } from "../api/feed.ts";
import { BlockDialog } from "./block-dialog.tsx";
import { BLOCKED_MEMBERS_ID, BlockedMembers } from "./blocked-members.tsx";
import { FeedSkeleton } from "./feed-skeleton.tsx";
import { PostCard } from "./post-card.tsx";
import { ReportDialog } from "./report-dialog.tsx";
import { ShareWinComposer } from "./share-win-composer.tsx";
import type { ShareableWin } from "./shareable-wins.ts";

/**
 * The community for a member (issue 40): "Share a win", then the feed, newest first, 20 posts a page with more loaded
 * as he scrolls (and a button for the same), and the members he blocked at the bottom. `composeWith` opens the
 * composer at once with that win chosen ("Share this win?" on the dashboard).
 */
export function CommunityFeed({
  wins,
  tookBackThisWeek = null,
  winsLoading,
  composeWith,
  onComposerClosed,
  news,
}: {
  /** What the route places between the introduction and the feed: his notifications. */
  news?: ReactNode;
  wins: ShareableWin[];
  /** The minutes he took back from his phone this week, which a win may show (issue 55); null when none. */
  tookBackThisWeek?: number | null;
  winsLoading: boolean;
  composeWith: string | null;
  onComposerClosed: () => void;
}) {
  const [composing, setComposing] = useState(composeWith !== null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<FeedPost | null>(null);
  const [blockedOpen, setBlockedOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (composeWith !== null) setComposing(true);
  }, [composeWith]);

  function closeComposer() {
    setComposing(false);
    onComposerClosed();
  }

  /**
   * What he reported or blocked is gone, and with it the button that opened the dialog: the focus goes to the feed's
   * heading, or for a comment to the comment box of its post, so it is never lost on the page.
   */
  function afterRemoval(target: ReportTarget | "post" | null) {
    if (!target) return;
    requestAnimationFrame(() => {
      const box =
        target !== "post" && target.kind === "comment"
          ? document.querySelector<HTMLTextAreaElement>(`[data-post-id="${target.postId}"] textarea`)
          : null;
      (box ?? heading.current)?.focus();
    });
  }

  /** The list of members he blocked, opened, in view and focused: what "See blocked members" leads to. */
  function showBlocked() {
    setBlockedOpen(true);
    requestAnimationFrame(() => {
      const section = document.getElementById(BLOCKED_MEMBERS_ID);
      section?.scrollIntoView({ block: "start" });
      section?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus({ preventScroll: true });
    });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-muted">Real wins from men who chose action over the scroll. Cheer them on.</p>
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => setComposing(true)}>
          Share a win
        </button>
      </div>

      {news}

      <section aria-labelledby="feed-heading" className="mt-8">
        <h2
          id="feed-heading"
          ref={heading}
          tabIndex={-1}
          className="font-display text-2xl uppercase tracking-wide focus:outline-none sm:text-3xl"
        >
          The feed
        </h2>
        <div className="mt-4">
          <FeedPosts
            onShare={() => setComposing(true)}
            onShowBlocked={showBlocked}
            onReport={setReporting}
            onBlock={setBlocking}
          />
        </div>
      </section>

      <BlockedMembers open={blockedOpen} onOpenChange={setBlockedOpen} />

      <ShareWinComposer
        open={composing}
        wins={wins}
        tookBackThisWeek={tookBackThisWeek}
        winsLoading={winsLoading}
        preselected={composeWith}
        onClose={closeComposer}
      />
      <ReportDialog
        target={reporting}
        onClose={(sent) => {
          setReporting(null);
          afterRemoval(sent ? reporting : null);
        }}
      />
      <BlockDialog
        post={blocking}
        onClose={(blocked) => {
          setBlocking(null);
          afterRemoval(blocked ? "post" : null);
        }}
      />
    </>
  );
}

function FeedPosts({
  onShare,
  onShowBlocked,
  onReport,
  onBlock,
}: {
  onShare: () => void;
  onShowBlocked: () => void;
  onReport: (target: ReportTarget) => void;
  onBlock: (post: FeedPost) => void;
}) {
  const feed = useInfiniteQuery(feedQuery());
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = feed;

  // More posts as he nears the end of the list; the button below does the same without scrolling or a pointer.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError) {
          fetchNextPage();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError && !feed.data) {
    return (
      <div className="card flex flex-col items-start gap-3">
        <p role="alert" className="text-danger">
          {feed.error.message}
        </p>
        <button type="button" className="btn-secondary" onClick={() => feed.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const posts = feed.data.pages.flatMap((page) => page.posts);
  const hidden = feed.data.pages[0]?.hidden ?? 0;
  // Others did post: he hid what they posted, and is told so and where his blocks are (issue 53 row 5).
  if (posts.length === 0 && hidden > 0) {
    return (
      <div className="card text-center">
        <p className="font-display text-2xl uppercase tracking-wide">
          You have hidden {hidden} {hidden === 1 ? "post" : "posts"}
        </p>
        <p className="mx-auto mt-2 max-w-prose text-muted">
          Posts you reported and posts by members you blocked don't show in your feed.
        </p>
        {/* Sharing is the button above the feed: here, only the way to the members he blocked. */}
        <a
          href={`#${BLOCKED_MEMBERS_ID}`}
          className="btn-secondary mt-5 w-full sm:w-auto"
          onClick={(event) => {
            event.preventDefault();
            onShowBlocked();
          }}
        >
          See blocked members
        </a>
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="card text-center">
        <p className="font-display text-2xl uppercase tracking-wide">The first win is yours to share</p>
        <p className="mx-auto mt-2 max-w-prose text-muted">
          Nobody has posted yet. Share a milestone you completed or the run you validated, and get the feed going.
        </p>
        <button type="button" className="btn-primary mt-5 w-full sm:w-auto" onClick={onShare}>
          Share your first win
        </button>
      </div>
    );
  }

  return (
    <>
      <ul aria-label="Posts" className="space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} onReport={onReport} onBlock={onBlock} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {hasNextPage ? (
        <div className="mt-6 flex flex-col items-center gap-3">
          {isFetchNextPageError ? (
            <p role="alert" className="text-sm text-danger">
              {feed.error?.message}
            </p>
          ) : null}
          <button
            type="button"
            className="btn-secondary w-full sm:w-auto"
            disabled={isFetchingNextPage}
            onClick={() => fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading more..." : isFetchNextPageError ? "Try again" : "Load more"}
          </button>
        </div>
      ) : posts.length > 5 ? (
        <p className="mt-6 text-center text-sm text-muted">You're all caught up.</p>
      ) : null}
    </>
  );
}
