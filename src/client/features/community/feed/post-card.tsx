import { useId, useState } from "react";
import { MenuIcon } from "#client/components/menu-icons.tsx";
import { SelfReported } from "#client/components/self-reported.tsx";
import { formatDeadline } from "#client/lib/dates.ts";
import type { FeedPost } from "#shared/community/contracts.ts";
import { formatMinutes } from "#shared/minutes.ts";
import type { ReportTarget } from "../api/feed.ts";
import { AuthorBadges } from "../badges/author-badges.tsx";
import { CheerButton } from "./cheer-button.tsx";
import { PostComments } from "./post-comments.tsx";
import { PostMenu } from "./post-menu.tsx";
import { PostProof } from "./post-proof.tsx";

/**
 * One win in the feed: who (first name and badges), what (the challenge, the milestone or run, the day), his words,
 * and the proof he chose to show; then cheers and comments, and the "…" menu to report the post or block its author.
 */
export function PostCard({
  post,
  onReport,
  onBlock,
}: {
  post: FeedPost;
  onReport: (target: ReportTarget) => void;
  onBlock: (post: FeedPost) => void;
}) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const headingId = useId();
  const commentsId = useId();
  const name = post.author.firstName;

  return (
    <article aria-labelledby={headingId} className="card p-4 sm:p-5" data-testid="feed-post" data-post-id={post.id}>
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-volt/15 font-bold text-volt"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={headingId} className="min-w-0 truncate font-bold">
              {name}
              {post.mine ? <span className="font-normal text-muted"> (you)</span> : null}
            </h3>
            <AuthorBadges badges={post.author.badges} firstName={name} />
          </div>
          <p className="text-sm text-muted">{formatDeadline(post.achievedOn)}</p>
        </div>
        {post.mine ? null : (
          <PostMenu
            label={`More about ${name}'s post`}
            actions={[
              { label: "Report post", onSelect: () => onReport({ kind: "post", postId: post.id }) },
              { label: `Block ${name}`, onSelect: () => onBlock(post), danger: true },
            ]}
          />
        )}
      </header>

      <div className="mt-3 rounded-xl border border-volt/25 bg-volt/[0.06] px-3.5 py-3">
        <p className="text-xs font-bold uppercase tracking-[0.15em] text-volt">
          {post.kind === "run" ? "Run validated" : "Milestone completed"}
        </p>
        <p className="mt-1 break-words font-semibold">{post.milestoneText}</p>
        <p className="mt-0.5 break-words text-sm text-muted">{post.challengeTitle}</p>
        {post.selfReported ? <SelfReported detail="typed, no activity file" className="mt-2" /> : null}
        {post.tookBackMinutes ? (
          <p className="mt-2 inline-flex rounded-full border border-volt/40 px-2.5 py-0.5 text-xs font-semibold text-volt">
            Took back {formatMinutes(post.tookBackMinutes)} this week
          </p>
        ) : null}
        {post.proof ? <PostProof proof={post.proof} name={name} win={post.milestoneText} /> : null}
      </div>

      {post.text ? <p className="mt-3 whitespace-pre-line break-words leading-relaxed">{post.text}</p> : null}

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
        <CheerButton post={post} />
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen((open) => !open)}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-semibold text-text/90 transition hover:bg-surface-2"
        >
          <MenuIcon name="reply" className="size-5" />
          {/* On a phone the number alone fits beside the cheer on one line; the word is still in the button's name. */}
          {post.comments}
          <span className="sr-only sm:not-sr-only"> {post.comments === 1 ? "comment" : "comments"}</span>
        </button>
      </div>
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen ? <PostComments postId={post.id} authorName={name} onReport={onReport} /> : null}
      </div>
    </article>
  );
}
