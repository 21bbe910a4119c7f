import {
  type Mutation,
  type MutationFunctionContext,
  onlineManager,
  type QueryClient,
  useMutationState,
} from "@tanstack/react-query";
import { ApiError, api, unwrap } from "./api.ts";

/**
 * His changes to the dashboard made while the server cannot be reached, kept until it answers (issue 53 row 1,
 * decision 0148): a todo ticked or unticked, and a milestone completed, re-dated or rewritten. Each is a TanStack
 * Query mutation under the dashboard's keys (features/dashboard/api/dashboard-cache.ts; written out here, as the
 * features build on this module). Offline they pause; online, a request that finds no server fails, waits and is
 * tried again. Every one of them sends the state he chose, never a flip, so one that reached the server before its
 * answer was lost changes nothing when it is sent again.
 */
const CHANGES_KEY = ["dashboard", "milestone"] as const;
const KEPT_KINDS = new Set(["todo", "self"]);
/** A screen-time check-in he confirmed (issue 55): `["screen-time", "check-in", day]`, kept the same way. */
export const CHECK_IN_KEY = ["screen-time", "check-in"] as const;

type CheckInBody = Parameters<(typeof api)["screen-time"]["days"][":day"]["$put"]>[0]["json"];

type MilestonePatch = Parameters<(typeof api.milestones)[":id"]["$patch"]>[0]["json"];

/** PATCH /api/todos/:id with the state he chose. */
export function sendTodoTick(todoId: string, done: boolean, fallback: string) {
  return unwrap(api.todos[":id"].$patch({ param: { id: todoId }, json: { todoCompleted: done } }), fallback);
}

/** PATCH /api/milestones/:id with the fields he set (a text is sent whole). */
export function sendMilestoneChange(id: string, change: MilestonePatch, fallback: string) {
  return unwrap(api.milestones[":id"].$patch({ param: { id }, json: change }), fallback);
}

/** PUT /api/screen-time/days/:day with the numbers he confirmed (never the picture). */
export function sendCheckIn(day: string, body: CheckInBody, fallback: string) {
  return unwrap(api["screen-time"].days[":day"].$put({ param: { day }, json: body }), fallback);
}

const FALLBACK = "Your change could not be saved.";

function sendRestoredCheckIn(variables: unknown, { mutationKey = [] }: MutationFunctionContext): Promise<unknown> {
  const [, , day] = mutationKey;
  if (typeof day !== "string") return Promise.reject(new Error(`No request for a kept check-in ${String(day)}`));
  return sendCheckIn(day, variables as CheckInBody, FALLBACK);
}

/**
 * What a change put back from storage sends: it has lost the screen's own options, so its key says what it is.
 * Its variables are the screen's: a todo's state, or `{ change }` for a milestone.
 */
function sendRestored(variables: unknown, { mutationKey = [] }: MutationFunctionContext): Promise<unknown> {
  const [, , milestoneId, kind, todoId] = mutationKey;
  if (kind === "todo" && typeof todoId === "string") return sendTodoTick(todoId, variables === true, FALLBACK);
  if (kind === "self" && typeof milestoneId === "string") {
    return sendMilestoneChange(milestoneId, (variables as { change: MilestonePatch }).change, FALLBACK);
  }
  return Promise.reject(new Error(`No request for a kept change ${JSON.stringify(mutationKey)}`));
}

export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Waits between tries while the server does not answer: soon at first, then every few seconds. */
const RETRY_CEILING_MS = 5_000;

/**
 * The options each kept change is made with (the screens spread them into `useMutation`). One scope: they reach the
 * server one after another in the order he made them (a milestone completed after its last todo was ticked). A
 * network failure is tried again without end and never reaches `onError` (no failure toast, no rollback); any answer
 * of the server ends it as before.
 */
export const keptChange = {
  scope: { id: "dashboard-changes" },
  retry: (_count: number, error: Error) => isNetworkFailure(error),
  retryDelay: (count: number) => Math.min(1_000 * 2 ** count, RETRY_CEILING_MS),
} as const;

/** Whether a mutation is one of his kept changes (and not, say, a todo generation, which spends a token). */
export function isKeptChange(mutation: Pick<Mutation, "options">): boolean {
  const key = mutation.options.mutationKey ?? [];
  if (key[0] === CHECK_IN_KEY[0] && key[1] === CHECK_IN_KEY[1]) return true;
  return key[0] === CHANGES_KEY[0] && key[1] === CHANGES_KEY[1] && KEPT_KINDS.has(String(key[3]));
}

const waiting = (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  isKeptChange(mutation) && mutation.state.status === "pending";

/**
 * Makes `queryClient` able to send the changes put back from storage (before anything is restored into it), and
 * asks for the dashboard again once the changes that had to wait are all answered: a refresh that ran meanwhile
 * (the reconnection's) may have brought the server's state from before them.
 */
export function keepChangesUntilSent(queryClient: QueryClient): void {
  // TanStack Query counts itself online until the browser says otherwise, which a page opened offline never hears:
  // its changes would be tried, and fail, instead of waiting.
  onlineManager.setOnline(navigator.onLine !== false);
  queryClient.setMutationDefaults(CHANGES_KEY, { mutationFn: sendRestored, ...keptChange });
  queryClient.setMutationDefaults(CHECK_IN_KEY, { mutationFn: sendRestoredCheckIn, ...keptChange });
  const cache = queryClient.getMutationCache();
  let hadToWait = false;
  cache.subscribe((event) => {
    if (event.type !== "updated" || !isKeptChange(event.mutation)) return;
    const { action } = event;
    if (action.type === "pause" || action.type === "failed") hadToWait = true;
    if ((action.type === "success" || action.type === "error") && hadToWait && !cache.getAll().some(waiting)) {
      hadToWait = false;
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      void queryClient.invalidateQueries({ queryKey: [CHECK_IN_KEY[0]] });
    }
  });
}

/**
 * His changes not yet answered, and whether the server is failing to answer them (online, but a request found no
 * server). Changes in flight for a moment count too; the notice shows them only offline or while the server fails.
 */
export function useWaitingChanges(): { count: number; serverUnreachable: boolean } {
  const states = useMutationState({
    filters: { predicate: waiting },
    select: (mutation) => mutation.state.failureCount > 0 && isNetworkFailure(mutation.state.failureReason),
  });
  return { count: states.length, serverUnreachable: states.some(Boolean) };
}
