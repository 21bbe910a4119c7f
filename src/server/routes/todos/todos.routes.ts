import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { toggleTodo } from "#server/services/plan/todos.ts";
import { type TodoToggled, todoToggledSchema, updateTodoSchema } from "#shared/plan/contracts.ts";

/** Ticking a todo off (or on again); its milestone completes or un-completes with it. */
export const todoRoutes = new Hono<AuthedEnv>().use(requireUser).patch(
  "/:id",
  documented({
    tag: "Challenges and milestones",
    summary: "Tick a todo off or on; its milestone completes or un-completes with it.",
    description:
      "Body `{todoCompleted}`. `TodoToggled`: `{todo, milestone}` — the todo flipped, then its milestone completed when every todo is done and un-completed otherwise. Toggles of one milestone are serialised on its row, so parallel toggles cannot leave it completed with an open todo. 404 `Todo not found` for another user's todo.",
    ok: { 200: { description: "`TodoToggled`: `{todo, milestone}`", body: todoToggledSchema } },
    errors: ["todo.notFound"],
  }),
  idParam("todo.notFound"),
  validate("json", updateTodoSchema),
  async (c) => {
    const { id } = c.req.valid("param");
    const { todoCompleted } = c.req.valid("json");
    const wins = { db: c.get("deps").database.db, log: c.get("log") };
    const toggled: TodoToggled = await toggleTodo(wins, c.get("user").id, id, todoCompleted);
    return c.json(toggled, 200);
  },
);
