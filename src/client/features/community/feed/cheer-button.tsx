import { toast } from "react-toastify/unstyled";
import { MenuIcon } from "#client/components/menu-icons.tsx";
import type { FeedPost } from "#shared/community/contracts.ts";
import { useCheer } from "../api/feed.ts";

function cheersLabel(count: number) {
  return count === 1 ? "1 cheer" : `${count} cheers`;
}

/**
 * A cheer, pressed or not (aria-pressed), with the count. It answers in the tap and goes back with a message if the
 * server refuses. His own post shows the count only: nobody cheers himself.
 */
export function CheerButton({ post }: { post: FeedPost }) {
  const cheer = useCheer(post.id);
  if (post.mine) {
    return (
      <p className="inline-flex min-h-11 items-center gap-2 px-1 text-sm font-semibold text-muted">
        <MenuIcon name="cheer" className="size-5" />
        {cheersLabel(post.cheers)}
      </p>
    );
  }
  const pressed = post.cheeredByMe;
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        // The same name pressed or not: aria-pressed says which, and a toggle's name must not change with it.
        aria-pressed={pressed}
        aria-label={`Cheer ${post.author.firstName}'s win`}
        onClick={() => cheer.toggle(!pressed, (error) => toast.error(error.message, { toastId: `cheer-${post.id}` }))}
        className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold transition active:scale-[0.97] ${
          pressed ? "border-volt/60 bg-volt/15 text-volt" : "border-line text-text hover:border-volt/60 hover:text-volt"
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill={pressed ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        >
          <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.2 2.2-5.1 3.6-7.1.6 1.6 1.7 2.6 2.9 3C11.5 7 12.6 4.6 15 3c0 3.4 4 5.7 4 11.4 0 3.8-3.1 6.6-7 6.6Z" />
        </svg>
        Cheer
      </button>
      <span className="text-sm font-semibold tabular-nums text-muted" data-testid="cheer-count">
        {cheersLabel(post.cheers)}
      </span>
    </div>
  );
}
