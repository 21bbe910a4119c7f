import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ErrorBox } from "#client/components/error-box.tsx";
import type { FeedComment } from "#shared/community/contracts.ts";
import { COMMENT_TEXT_MAX } from "#shared/community/rules.ts";
import { commentsQuery, type ReportTarget, threadOf, useWriteComment } from "../api/feed.ts";
import { useTextProblem } from "./text-problem.ts";
import { timeAgo } from "./time-ago.ts";

/**
 * The comments under a post, oldest first, a page at a time (the newer ones behind "Show more comments"), and a short
 * form to add one. The rules are the server's (280 characters, no links, no slurs), checked as he types so the message
 * is there before he sends; the server's own refusal shows as it says it.
 */
export function PostComments({
  postId,
  authorName,
  onReport,
}: {
  postId: string;
  authorName: string;
  onReport: (target: ReportTarget) => void;
}) {
  const comments = useInfiniteQuery(commentsQuery(postId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = comments;
  const thread = threadOf(comments.data);
  return (
    <div className="mt-3 border-t border-line pt-3">
      {comments.isPending ? (
        <p role="status" className="py-2 text-sm text-muted">
          Loading comments...
        </p>
      ) : comments.isError && !comments.data ? (
        <div className="flex flex-wrap items-center gap-3 py-2">
          <p role="alert" className="text-sm text-danger">
            {comments.error.message}
          </p>
          <button type="button" className="btn-secondary min-h-11 px-5 text-sm" onClick={() => comments.refetch()}>
            Try again
          </button>
        </div>
      ) : thread.length === 0 && !hasNextPage ? (
        <p className="py-2 text-sm text-muted">No comments yet. Tell {authorName} what this took.</p>
      ) : (
        <>
          <ol aria-label="Comments" className="space-y-3">
            {thread.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                onReport={() => onReport({ kind: "comment", commentId: comment.id, postId })}
              />
            ))}
          </ol>
          {hasNextPage ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn-secondary min-h-11 px-5 text-sm"
                disabled={isFetchingNextPage}
                onClick={() => fetchNextPage()}
              >
                {isFetchingNextPage ? "Loading comments..." : isFetchNextPageError ? "Try again" : "Show more comments"}
              </button>
              {isFetchNextPageError ? (
                <p role="alert" className="text-sm text-danger">
                  {comments.error?.message}
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <CommentForm postId={postId} />
    </div>
  );
}

function CommentItem({ comment, onReport }: { comment: FeedComment; onReport: () => void }) {
  return (
    <li className="flex items-start gap-2">
      <div className="min-w-0 flex-1 rounded-xl bg-surface-2 px-3 py-2">
        <p className="text-sm">
          <span className="font-semibold">
            {comment.mine ? `${comment.author.firstName} (you)` : comment.author.firstName}
          </span>
          <span className="text-muted"> · {timeAgo(comment.createdAt)}</span>
        </p>
        <p className="mt-0.5 whitespace-pre-line break-words text-sm text-text/90">{comment.text}</p>
      </div>
      {comment.mine ? null : (
        <button
          type="button"
          onClick={onReport}
          aria-label={`Report ${comment.author.firstName}'s comment`}
          className="min-h-11 shrink-0 cursor-pointer rounded-lg px-2 text-xs font-semibold text-muted transition hover:text-text"
        >
          Report
        </button>
      )}
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const write = useWriteComment(postId);
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const id = useId();
  const checked = useTextProblem("comment", text);
  // Nothing for an empty box: the send button says so by staying off.
  const problem = text.trim() === "" ? null : checked;
  const shown = touched ? problem : null;
  const length = text.trim().length;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || length === 0) return;
    write.mutate(text, {
      onSuccess: () => {
        setText("");
        setTouched(false);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3">
      <label htmlFor={id} className="sr-only">
        Write a comment
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={1}
          value={text}
          placeholder="Write a comment"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-count${shown ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            setText(event.target.value);
            if (write.isError) write.reset();
          }}
          onBlur={() => setTouched(text.trim() !== "")}
          className={`field min-h-11 flex-1 resize-y py-2.5 leading-snug ${shown ? "border-danger focus:border-danger" : ""}`}
        />
        <button
          type="submit"
          className="btn-primary min-h-11 shrink-0 px-5 text-sm"
          disabled={write.isPending || length === 0}
        >
          {write.isPending ? "Posting..." : "Post"}
        </button>
      </div>
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${length > COMMENT_TEXT_MAX ? "text-danger" : "text-muted"}`}
      >
        {length}/{COMMENT_TEXT_MAX}
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
      <ErrorBox message={write.error?.message} className="mt-2" />
    </form>
  );
}
