import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify/unstyled";
import { keptChange, sendTodoTick } from "#client/lib/offline-changes.ts";
import { announceMilestoneCompleted } from "#client/lib/win-events.ts";
import type { TodoToggled } from "#shared/plan/contracts.ts";
import { todoMessages } from "#shared/plan/rules.ts";
import { withSaved, withTodo } from "../dashboard-updates.ts";
import { dashboardCache, milestoneKey, todoKey } from "./dashboard-cache.ts";

/**
 * PATCH /api/todos/:id, optimistic: the todo flips at once and its milestone completes or uncompletes itself
 * on screen as the server will; a refusal flips it back. Without a server it waits and is sent when one answers
 * (decision 0148).
 */
export function useToggleTodo(milestoneId: string, todoId: string) {
  const queryClient = useQueryClient();
  const cache = dashboardCache(queryClient);
  const mutation = useMutation({
    ...keptChange,
    mutationKey: todoKey(milestoneId, todoId),
    mutationFn: async (done: boolean): Promise<TodoToggled> =>
      sendTodoTick(todoId, done, todoMessages.updateTodoFailed),
    onMutate: async (done) => {
      await cache.settle();
      // Again: stopping a refetch puts back the data it started from.
      cache.updateMilestone(milestoneId, (m) => withTodo(m, todoId, done));
    },
    onError: (_error, done) => {
      cache.updateMilestone(milestoneId, (m) => withTodo(m, todoId, !done));
      toast.error(todoMessages.updateTodoFailed);
    },
    onSuccess: ({ todo, milestone }, done) => {
      // Ticking a todo that was open and finding the milestone completed: this tick completed it (a completed
      // milestone has no open todo), the moment to offer sharing it (issue 40).
      if (done && milestone.milestoneCompleted) {
        announceMilestoneCompleted(milestoneId);
      }
      // Another todo of this milestone still in flight: its answer will bring the final completion; until then
      // the one derived on screen is the truer one.
      const othersInFlight = queryClient.isMutating({ mutationKey: milestoneKey(milestoneId) }) > 1;
      cache.updateMilestone(milestoneId, (m) => {
        const withServerTodo = { ...m, todos: m.todos.map((t) => (t.id === todo.id ? todo : t)) };
        return othersInFlight
          ? withTodo(withServerTodo, todo.id, todo.todoCompleted)
          : withSaved(withServerTodo, milestone);
      });
    },
  });
  /** The tick shows in this very event, so the controlled checkbox never flickers back. */
  return (done: boolean) => {
    cache.updateMilestone(milestoneId, (m) => withTodo(m, todoId, done));
    mutation.mutate(done);
  };
}
