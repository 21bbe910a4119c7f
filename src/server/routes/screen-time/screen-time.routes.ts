import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { deleteCheckIn, readScreenTime, saveCheckIn } from "#server/services/screen-time/check-ins.ts";
import {
  checkInDaySchema,
  checkInSchema,
  type ScreenTimeDay,
  type ScreenTimeOverview,
  screenTimeDaySchema,
  screenTimeOverviewSchema,
} from "#shared/screen-time/contracts.ts";

/**
 * His screen time, measured (issue 55): the check-ins he confirmed, one per day on his clock. The screenshot is read
 * in his browser and never sent: these routes take and give numbers only.
 */
export const screenTimeRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get(
    "/",
    documented({
      tag: "Screen time",
      summary: "His check-ins, the number taken back and the weekly chart, on his clock.",
      description:
        "`ScreenTimeOverview` (`src/shared/screen-time/contracts.ts`): `summary: {startingPoint, latest, takenBack: {minutesPerDay, basedOn} \\| null, checkInDue}` (his earliest check-in is the starting point; `takenBack` is it minus the average of his check-ins of the last 14 days after it, negative when his phone takes more); `days`: his check-ins of the chart's 12 weeks, newest first; `weeks`: `[{monday, minutes \\| null, checkIns, milestones}]`, each week's average beside the milestones he finished in it. Only his own rows.",
      ok: { 200: { description: "`ScreenTimeOverview`", body: screenTimeOverviewSchema } },
    }),
    async (c) => {
      const overview = await readScreenTime(c.get("deps").database.db, c.get("user").id, new Date());
      return c.json<ScreenTimeOverview>(overview, 200);
    },
  )
  .put(
    "/days/:day",
    documented({
      tag: "Screen time",
      summary: "Save the check-in he confirmed for a day on his clock: numbers only, never the picture.",
      description:
        "Body `{minutes, period: day \\| week, source: screenshot \\| typed, topApps?: [{name, minutes}] (≤ 5), replace?}`. `minutes` is that day's total or the week's daily average, 0–1440. A day already checked in is replaced only with `replace: true` (the app asks him first), else 409. 400 for a day after today on his clock or more than 35 days back, or over 24 hours.",
      ok: { 200: { description: "`ScreenTimeDay` as saved", body: screenTimeDaySchema } },
      errors: ["screenTime.dayTaken", "screenTime.futureDay", "screenTime.tooOld"],
    }),
    validate("param", checkInDaySchema),
    validate("json", checkInSchema),
    async (c) => {
      const { day } = c.req.valid("param");
      const saved = await saveCheckIn(
        c.get("deps").database.db,
        c.get("user").id,
        day,
        c.req.valid("json"),
        new Date(),
      );
      return c.json<ScreenTimeDay>(saved, 200);
    },
  )
  .delete(
    "/days/:day",
    documented({
      tag: "Screen time",
      summary: "Remove his check-in of a day.",
      description: "204; 404 when he has none for that day.",
      ok: { 204: "Removed" },
      errors: ["screenTime.notFound"],
    }),
    validate("param", checkInDaySchema),
    async (c) => {
      await deleteCheckIn(c.get("deps").database.db, c.get("user").id, c.req.valid("param").day);
      return c.body(null, 204);
    },
  );
