import { Hono } from "hono";
import { type TodoToggled, updateTodoSchema } from "../../../shared/plan/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AuthedEnv } from "../../context.ts";
import { idParam, validate } from "../../http/validation.ts";
import { toggleTodo } from "../../services/plan/todos.ts";

/** Ticking a todo off (or on again); its milestone completes or un-completes with it. */
export const todoRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/:id", idParam("todo.notFound"), validate("json", updateTodoSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { todoCompleted } = c.req.valid("json");
    const toggled: TodoToggled = await toggleTodo(c.var.deps.database.db, c.var.user.id, id, todoCompleted);
    return c.json(toggled, 200);
  });
