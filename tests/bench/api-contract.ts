import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono/validator";
import { z } from "zod";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { updateMilestoneSchema } from "#shared/plan/contracts.ts";
import { median } from "./stats.ts";

/**
 * What the API document costs a request (issue 29, decision 0111): the same PATCH route — a uuid path parameter and
 * a JSON body checked against the milestone contract — once as before (Hono's validator with zod's safeParse, as
 * @hono/zod-validator did, no documentation middleware) and once as the app declares it now (`documented`,
 * hono-openapi's `validate`/`idParam`). In-process, no database, rounds alternating between the two so a busy
 * machine weighs on both alike.
 */
/** What @hono/zod-validator (0.9) did: Hono's validator around zod's safeParseAsync, then the route's hook. */
const zodValidator = (target: "param" | "json", schema: z.ZodType, check?: (data: unknown) => void) =>
  validator(target, async (value) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new HTTPException(400, { message: result.error.issues[0]?.message });
    check?.(result.data);
    return result.data;
  });

const before = new Hono().patch(
  "/milestones/:id",
  zodValidator("param", z.object({ id: z.string() }), (data) => {
    if (!z.uuid().safeParse((data as { id: string }).id).success) throw new HTTPException(404);
  }),
  zodValidator("json", updateMilestoneSchema),
  (c) => c.json({ id: c.req.param("id"), saved: c.req.valid("json") }, 200),
);

const now = new Hono().patch(
  "/milestones/:id",
  documented({ tag: "Challenges and milestones", summary: "Bench.", ok: { 200: "Saved" } }),
  idParam("milestone.notFound"),
  validate("json", updateMilestoneSchema),
  (c) => c.json({ id: c.req.valid("param").id, saved: c.req.valid("json") }, 200),
);

const request = (app: Hono) =>
  app.request("/milestones/3f1c2a9e-6a0f-4c53-9d7e-0a7f5b2a4c11", {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ milestoneDescription: "Run 5 km without stopping", milestoneCompleted: false }),
  });

async function round(app: Hono, requests: number) {
  const started = performance.now();
  for (let i = 0; i < requests; i++) if ((await request(app)).status !== 200) throw new Error("refused");
  return ((performance.now() - started) * 1000) / requests;
}

async function benchApiContract(rounds = 30, requests = 2000) {
  await round(before, 500);
  await round(now, 500);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await round(before, requests));
    b.push(await round(now, requests));
  }
  return { before: median(a), now: median(b), rounds, requests };
}

function printApiContract(result: Awaited<ReturnType<typeof benchApiContract>>) {
  const { before: a, now: b, rounds, requests } = result;
  console.log(
    `API contract per request (PATCH with a path id and a JSON body, in-process, ${rounds} rounds × ${requests}):`,
  );
  console.log(`  as before (@hono/zod-validator's way, undocumented)  median ${a.toFixed(1)} µs`);
  console.log(
    `  as now (documented + hono-openapi validators)   median ${b.toFixed(1)} µs  (${(b - a).toFixed(1)} µs)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printApiContract(await benchApiContract());
