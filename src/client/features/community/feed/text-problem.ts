import { lazyModule, useLazyModule } from "#client/lib/lazy-module.ts";

/**
 * The rules a post's and a comment's words are checked with as he types: the server's own schemas and the word list
 * they refuse, loaded when a composer or a comment box first shows rather than with the feed (decision 0141).
 */
const textRules = lazyModule(() => import("#shared/community/post-text.ts"));

/**
 * The first problem with a post's or a comment's words, in the server's own message, or null. Null too until the
 * rules have arrived: the server checks what is sent the same way.
 */
export function useTextProblem(kind: "post" | "comment", text: string): string | null {
  const rules = useLazyModule(textRules);
  const result = (kind === "post" ? rules?.postTextSchema : rules?.commentTextSchema)?.safeParse(text);
  return !result || result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Why the chosen win cannot be shared as his plan words it (a link, a refused word, invisible characters, a milestone
 * too long), in the server's own message naming what to change, or null (decision 0145). His validated run is always
 * shareable: its words are the app's.
 */
export function useWinProblem(win: { kind: "milestone" | "run"; title: string; detail: string } | null): string | null {
  const rules = useLazyModule(textRules);
  if (!rules || win?.kind !== "milestone") return null;
  return rules.sharedWinProblem({ milestoneText: win.title, challengeTitle: win.detail });
}
