import { useIsMutating } from "@tanstack/react-query";
import { useState } from "react";
import type { Todo } from "#shared/plan/contracts.ts";
import { milestoneSelfKey, todoKey } from "./api/dashboard-cache.ts";
import { useToggleTodo } from "./api/toggle-todo.ts";

/** A milestone's todos, each ticked off on its own; the milestone follows (SPEC.md section 4). */
export function TodoList({ milestoneId, todos, locked }: { milestoneId: string; todos: Todo[]; locked: boolean }) {
  if (todos.length === 0) return null;
  const done = todos.filter((t) => t.todoCompleted).length;
  return (
    <div className="mt-4 border-t border-line pt-4">
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">
        Todos <span className="tabular-nums">{`${done}/${todos.length}`}</span>
      </p>
      <ul className="mt-2 space-y-1" aria-label="Todos">
        {todos.map((todo) => (
          <TodoItem key={todo.id} milestoneId={milestoneId} todo={todo} locked={locked} />
        ))}
      </ul>
    </div>
  );
}

export function TodoItem({ milestoneId, todo, locked }: { milestoneId: string; todo: Todo; locked: boolean }) {
  const toggle = useToggleTodo(milestoneId, todo.id);
  const busy =
    useIsMutating({ mutationKey: todoKey(milestoneId, todo.id) }) +
      // Un-completing the milestone resets every todo: none may move meanwhile.
      useIsMutating({ mutationKey: milestoneSelfKey(milestoneId) }) >
    0;
  // The query cache tells its readers on the next tick; React would put the controlled box back meanwhile. The
  // click's value shows until the cache speaks: every change there (optimistic, rollback, answer) is a new object.
  const [clicked, setClicked] = useState<{ done: boolean; over: Todo } | null>(null);
  const checked = clicked?.over === todo ? clicked.done : todo.todoCompleted;
  return (
    <li>
      <label
        className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 transition hover:bg-surface ${
          busy || locked ? "cursor-wait opacity-70" : ""
        }`}
      >
        <span className="relative mt-0.5 grid size-5 shrink-0 place-items-center">
          <input
            type="checkbox"
            checked={checked}
            disabled={busy || locked}
            onChange={(event) => {
              setClicked({ done: event.target.checked, over: todo });
              toggle(event.target.checked);
            }}
            className="peer size-5 cursor-pointer appearance-none rounded-md border-2 border-muted/60 transition checked:border-volt checked:bg-volt disabled:cursor-wait"
          />
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="pointer-events-none absolute size-3.5 text-ink opacity-0 peer-checked:opacity-100"
          >
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
        <span className={checked ? "text-muted line-through decoration-muted/60" : ""}>{todo.todoDescription}</span>
      </label>
    </li>
  );
}
