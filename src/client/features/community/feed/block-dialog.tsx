import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import type { FeedPost } from "#shared/community/contracts.ts";
import { useBlockAuthor } from "../api/feed.ts";

/**
 * "Block {name}": asked once, since it hides every post and comment of his. He is not told; the list under the feed
 * can undo it.
 */
export function BlockDialog({
  post,
  onClose,
}: {
  post: FeedPost | null;
  /** `blocked`: he is blocked, and his posts are gone from the screen. */
  onClose: (blocked: boolean) => void;
}) {
  return (
    <Modal
      open={post !== null}
      title={post ? `Block ${post.author.firstName}?` : "Block"}
      onClose={() => onClose(false)}
    >
      {post ? <BlockConfirm key={post.id} post={post} onClose={onClose} /> : null}
    </Modal>
  );
}

function BlockConfirm({ post, onClose }: { post: FeedPost; onClose: (blocked: boolean) => void }) {
  const block = useBlockAuthor(post.id);
  const name = post.author.firstName;
  return (
    <div className="mt-4 space-y-5">
      <p className="text-muted">
        You won't see {name}'s posts or comments anymore. He won't be told. You can unblock him any time under "Blocked
        members" at the bottom of the community page.
      </p>
      <ErrorBox message={block.error?.message} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={block.isPending}
          onClick={() =>
            block.mutate(undefined, {
              onSuccess: () => {
                toast.success(`${name} is blocked. His posts are gone from your feed.`);
                onClose(true);
              },
            })
          }
        >
          {block.isPending ? "Blocking..." : `Block ${name}`}
        </button>
      </div>
    </div>
  );
}
