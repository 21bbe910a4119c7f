import { MenuIcon } from "#client/components/menu-icons.tsx";
import { interestLabel } from "#shared/community/rules.ts";

/** Made-up posts that show what the feed will hold. PRODUCT.md: marked as examples, never passed off as members. */
const samplePosts = [
  {
    author: "Jake M.",
    initials: "JM",
    when: "2h",
    interest: "health",
    text: "Day 14 without social apps on my phone. Ran 5 km this morning instead of scrolling in bed. The first week was the hardest — now I don't miss it.",
    milestone: "Milestone completed: Run 5 km without stopping",
    cheers: 24,
    replies: 6,
  },
  {
    author: "Daniel R.",
    initials: "DR",
    when: "5h",
    interest: "career",
    text: "Finished the first milestone of my challenge: a business plan for the furniture workshop. Three pages, honest numbers. Next up: my first paying customer.",
    milestone: "Challenge progress: 33%",
    cheers: 41,
    replies: 12,
  },
  {
    author: "Chris T.",
    initials: "CT",
    when: "1d",
    interest: "creativity",
    text: "Swapped my evening scroll for 30 minutes of guitar. Two weeks in, I can play a whole song. My kids asked for a concert on Sunday.",
    milestone: null,
    cheers: 57,
    replies: 9,
  },
] as const;

export function SamplePosts() {
  return (
    <div>
      <p className="rounded-xl border border-line bg-surface-2/60 px-4 py-3 text-sm text-muted">
        <strong className="text-text">These are example posts</strong>, written by us to show what the feed will look
        like. Real posts from members arrive when the community opens.
      </p>
      <ul className="mt-4 space-y-4" aria-label="Example posts">
        {samplePosts.map((post) => (
          <li key={post.author}>
            <article className="card" aria-label={`Example post by ${post.author}`}>
              <header className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-10 shrink-0 place-items-center rounded-full bg-volt/15 text-sm font-bold text-volt"
                >
                  {post.initials}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{post.author}</p>
                  <p className="text-xs text-muted">
                    {post.when} · {interestLabel(post.interest)}
                  </p>
                </div>
                <span className="shrink-0 rounded-full border border-line px-2.5 py-0.5 text-[0.7rem] font-bold uppercase tracking-wider text-muted">
                  Example
                </span>
              </header>
              <p className="mt-4 leading-relaxed">{post.text}</p>
              {post.milestone ? (
                <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-volt/10 px-3 py-1 text-xs font-semibold text-volt">
                  <span aria-hidden="true">✓</span>
                  {post.milestone}
                </p>
              ) : null}
              <p className="mt-4 flex gap-5 border-t border-line pt-3 text-sm text-muted">
                <span className="inline-flex items-center gap-1.5">
                  <MenuIcon name="cheer" className="size-4" />
                  {post.cheers} cheers
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <MenuIcon name="reply" className="size-4" />
                  {post.replies} replies
                </span>
              </p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
