import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { BadgesAnswer } from "#shared/community/badges.ts";
import type {
  BlockedMember,
  CheerAnswer,
  CommentsPage,
  FeedComment,
  FeedPage,
  FeedPost,
  ReportRequest,
  SharePostRequest,
} from "#shared/community/contracts.ts";

/**
 * The feed's requests once he is a member (issue 40): the pages, a post's comments, cheers, reports, blocks and
 * sharing. Every answer lands in the cached pages, so the screen changes without reloading the feed.
 */

type FeedPages = InfiniteData<FeedPage, string | undefined>;
type CommentPages = InfiniteData<CommentsPage, string | undefined>;

const feedKey = ["community", "feed"] as const;
const commentsKey = (postId: string) => ["community", "comments", postId] as const;

/** GET /api/community/feed?cursor=: newest first, one page of 20 after another. */
export function feedQuery() {
  return infiniteQueryOptions({
    queryKey: feedKey,
    queryFn: async ({ pageParam }): Promise<FeedPage> =>
      unwrap(
        api.community.feed.$get({ query: pageParam ? { cursor: pageParam } : {} }),
        "Could not load the feed. Please try again.",
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

/** GET /api/community/posts/:id/comments?cursor=: oldest first, one page of 50 after another. */
export function commentsQuery(postId: string) {
  return infiniteQueryOptions({
    queryKey: commentsKey(postId),
    queryFn: async ({ pageParam }): Promise<CommentsPage> =>
      unwrap(
        api.community.posts[":id"].comments.$get({
          param: { id: postId },
          query: pageParam ? { cursor: pageParam } : {},
        }),
        "Could not load the comments. Please try again.",
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/**
 * The loaded comments in thread order, each once. His own comment, just written, sits at the end of the loaded pages
 * while newer pages wait; once a page the server sends holds it, it takes its place there instead.
 */
export function threadOf(pages: { pages: readonly CommentsPage[] } | undefined): FeedComment[] {
  const comments = pages?.pages.flatMap((page) => page.comments) ?? [];
  const lastAt = new Map(comments.map((comment, index) => [comment.id, index]));
  return comments.filter((comment, index) => lastAt.get(comment.id) === index);
}

/** The cached pages of a post's comments, each page's list passed through `change`. */
function updateComments(queryClient: QueryClient, postId: string, change: (pages: CommentsPage[]) => CommentsPage[]) {
  queryClient.setQueryData<CommentPages>(commentsKey(postId), (data) =>
    data ? { ...data, pages: change(data.pages) } : data,
  );
}

/** GET /api/community/blocks: the members he blocked, newest first. */
export function blocksQuery() {
  return queryOptions({
    queryKey: ["community", "blocks"],
    queryFn: async (): Promise<BlockedMember[]> =>
      (await unwrap(api.community.blocks.$get(), "Could not load the members you blocked.")).blocks,
  });
}

/** GET /api/me/badges: his badges (the server awards the ones earned since he last looked). */
export function myBadgesQuery() {
  return queryOptions({
    queryKey: ["me", "badges"],
    queryFn: async (): Promise<BadgesAnswer> => unwrap(api.me.badges.$get(), "Could not load your badges."),
  });
}

/** The cached pages, each post passed through `change` (null drops it). */
function updatePosts(queryClient: QueryClient, change: (post: FeedPost) => FeedPost | null) {
  queryClient.setQueryData<FeedPages>(feedKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.flatMap((post) => {
              const changed = change(post);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}

function updatePost(queryClient: QueryClient, postId: string, change: (post: FeedPost) => FeedPost | null) {
  updatePosts(queryClient, (post) => (post.id === postId ? change(post) : post));
}

function findPost(queryClient: QueryClient, postId: string): FeedPost | undefined {
  return queryClient
    .getQueryData<FeedPages>(feedKey)
    ?.pages.flatMap((page) => page.posts)
    .find((post) => post.id === postId);
}

/** The post with his cheer given or taken back, counted; unchanged when it already stands so. */
function withCheer(post: FeedPost, cheer: boolean): FeedPost {
  return post.cheeredByMe === cheer ? post : { ...post, cheeredByMe: cheer, cheers: post.cheers + (cheer ? 1 : -1) };
}

/**
 * PUT/DELETE /api/community/posts/:id/cheer, optimistic: the count and the pressed state change in the tap itself (a
 * cheer is the feed's smallest gesture and must feel instant); a failure puts back what was there and says why.
 */
export function useCheer(postId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ["community", "cheer", postId],
    mutationFn: async ({ cheer }: { cheer: boolean; before: FeedPost | undefined }): Promise<CheerAnswer> => {
      const request = { param: { id: postId } };
      return cheer
        ? unwrap(api.community.posts[":id"].cheer.$put(request), "Your cheer could not be saved. Please try again.")
        : unwrap(
            api.community.posts[":id"].cheer.$delete(request),
            "Your cheer could not be taken back. Please try again.",
          );
    },
    onMutate: async ({ cheer }) => {
      await queryClient.cancelQueries({ queryKey: feedKey });
      // Again: stopping a refetch puts back the data it started from.
      updatePost(queryClient, postId, (post) => withCheer(post, cheer));
    },
    onError: (_error, { before }) => {
      if (before) {
        updatePost(queryClient, postId, (post) => ({
          ...post,
          cheers: before.cheers,
          cheeredByMe: before.cheeredByMe,
        }));
      }
    },
    onSuccess: (answer) => updatePost(queryClient, postId, (post) => ({ ...post, ...answer })),
  });
  return {
    /** Pressed and counted in this very event; `onError` hears a refusal after the rollback. */
    toggle: (cheer: boolean, onError: (error: Error) => void) => {
      const before = findPost(queryClient, postId);
      updatePost(queryClient, postId, (post) => withCheer(post, cheer));
      mutation.mutate({ cheer, before }, { onError });
    },
  };
}

/** POST /api/community/posts/:id/comments: the written comment is added under the others, and the count follows. */
export function useWriteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<FeedComment> =>
      (
        await unwrap(
          api.community.posts[":id"].comments.$post({ param: { id: postId }, json: { text } }),
          "Your comment could not be posted. Please try again.",
        )
      ).comment,
    onSuccess: (comment) => {
      // Below the last comment he sees, on the last page loaded: the page's cursor stays the server's, so the pages
      // after it still follow on (and bring his comment again, where `threadOf` keeps only the later one).
      updateComments(queryClient, postId, (pages) =>
        pages.map((page, index) =>
          index === pages.length - 1 ? { ...page, comments: [...page.comments, comment] } : page,
        ),
      );
      updatePost(queryClient, postId, (post) => ({ ...post, comments: post.comments + 1 }));
    },
  });
}

export type ReportTarget = { kind: "post"; postId: string } | { kind: "comment"; commentId: string; postId: string };

/**
 * POST …/report: once the server has it, what he reported is gone from his screen (decision 0135: hidden for him at
 * once). Not optimistic: a report that failed must not look sent.
 */
export function useReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ReportRequest) => {
      const failed = "Your report could not be sent. Please try again.";
      return target.kind === "post"
        ? unwrap(api.community.posts[":id"].report.$post({ param: { id: target.postId }, json: request }), failed)
        : unwrap(
            api.community.comments[":id"].report.$post({ param: { id: target.commentId }, json: request }),
            failed,
          );
    },
    onSuccess: () => {
      if (target.kind === "post") {
        updatePost(queryClient, target.postId, () => null);
        // One more he hid: the feed emptied by his reports says so rather than "Nobody has posted yet".
        queryClient.setQueryData<FeedPages>(feedKey, (data) =>
          data?.pages[0]
            ? { ...data, pages: [{ ...data.pages[0], hidden: data.pages[0].hidden + 1 }, ...data.pages.slice(1)] }
            : data,
        );
        return;
      }
      updateComments(queryClient, target.postId, (pages) =>
        pages.map((page) => ({ ...page, comments: page.comments.filter((c) => c.id !== target.commentId) })),
      );
      updatePost(queryClient, target.postId, (post) => ({ ...post, comments: Math.max(0, post.comments - 1) }));
    },
  });
}

/**
 * PUT /api/community/posts/:id/block-author. The feed carries first names, not member ids (decision 0135), so which
 * other posts are his only the server knows: the post he blocked from goes at once, and the pages he has loaded are
 * read again before the dialog closes, so when it does, every post of that man is gone.
 */
export function useBlockAuthor(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unwrap(
        api.community.posts[":id"]["block-author"].$put({ param: { id: postId } }),
        "This member could not be blocked. Please try again.",
      );
      updatePost(queryClient, postId, () => null);
      await Promise.all([
        queryClient.refetchQueries({ queryKey: feedKey }),
        queryClient.invalidateQueries({ queryKey: ["community", "comments"] }),
        queryClient.invalidateQueries({ queryKey: ["community", "blocks"] }),
      ]);
    },
  });
}

/** DELETE /api/community/blocks/:id (the block's id from his list): the list left, and his posts back in the feed. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blockId: string): Promise<BlockedMember[]> =>
      (
        await unwrap(
          api.community.blocks[":id"].$delete({ param: { id: blockId } }),
          "This member could not be unblocked. Please try again.",
        )
      ).blocks,
    onSuccess: (blocks) => {
      queryClient.setQueryData(blocksQuery().queryKey, blocks);
      queryClient.invalidateQueries({ queryKey: feedKey });
      queryClient.invalidateQueries({ queryKey: ["community", "comments"] });
    },
  });
}

/** POST /api/community/posts: his new post goes on top of the feed he is looking at. */
export function useSharePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SharePostRequest): Promise<FeedPost> =>
      (await unwrap(api.community.posts.$post({ json: request }), "Your win could not be shared. Please try again."))
        .post,
    onSuccess: (post) => {
      queryClient.setQueryData<FeedPages>(feedKey, (data) =>
        data?.pages.length
          ? {
              ...data,
              pages: data.pages.map((page, index) =>
                index === 0 ? { ...page, posts: [post, ...page.posts.filter((p) => p.id !== post.id)] } : page,
              ),
            }
          : data,
      );
      if (!queryClient.getQueryData(feedKey)) queryClient.invalidateQueries({ queryKey: feedKey });
    },
  });
}
