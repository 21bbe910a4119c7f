import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import {
  answerFromApp,
  answerPhoneDown,
  readEvening,
  readPhoneDownLink,
  readPhoneDownToken,
} from "#server/services/evening/answer.ts";
import {
  type Evening,
  eveningSchema,
  type PhoneDownAnswer,
  type PhoneDownLink,
  phoneDownAnswerSchema,
  phoneDownLinkSchema,
  phoneDownRequestSchema,
  phoneDownTokenSchema,
} from "#shared/evening/contracts.ts";
import { eveningMessages } from "#shared/evening/rules.ts";

const linkErrors = ["evening.linkInvalid", "evening.linkExpired"] as const;

/**
 * The evening (issue 55, decision 0161): his phone-down time as the settings screen offers it, and his one-tap
 * "Phone down" answer, from the app (signed in) or from a nudge's link (the signed token names him and the evening).
 * Every answer is a POST: mail scanners and link previews open links, and an answer must never be recorded by one.
 */
export const eveningRoutes = new Hono<AppEnv>()
  .get(
    "/",
    documented({
      tag: "Reminders",
      summary: "His phone-down time, the one his first quiz answer suggests, and where tonight stands.",
      description:
        '`{phoneDownAt: "HH:MM" \\| null, suggestion: {at, because \\| null}, tonight: {day, passed, answered} \\| null}`. The time itself is set with `PATCH /api/reminders/settings` (`phoneDownAt`).',
      ok: { 200: { description: "`Evening`", body: eveningSchema } },
    }),
    requireUser,
    async (c) => c.json<Evening>(await readEvening(c.get("deps").database.db, c.get("user").id, new Date()), 200),
  )
  .post(
    "/phone-down",
    documented({
      tag: "Reminders",
      summary: "Phone down, from the app: records tonight's answer once; it counts toward his streak.",
      description: `Body \`{day: "YYYY-MM-DD"}\`: today or yesterday on his clock. \`{day, alreadyCounted, streakWeeks}\`; a second tap changes nothing and answers \`alreadyCounted: true\`. 400 \`${eveningMessages.dayInvalid}\`; 400 \`${eveningMessages.notTonight}\``,
      ok: { 200: { description: "`PhoneDownAnswer`", body: phoneDownAnswerSchema } },
      errors: ["evening.notTonight"],
    }),
    requireUser,
    validate("json", phoneDownRequestSchema),
    async (c) => {
      const { day } = c.req.valid("json");
      return c.json<PhoneDownAnswer>(
        await answerFromApp(c.get("deps").database.db, c.get("user").id, day, new Date()),
        200,
      );
    },
  )
  // The page a nudge's link opens asks what the link is for before its button is pressed: this changes nothing.
  .get(
    "/phone-down/link",
    documented({
      tag: "Reminders",
      summary: "The evening a nudge's one-tap link is for, for the page with the button; changes nothing.",
      description:
        "No session: the signed token names him and the evening. `{day, answered}`. 400 `This link is not valid. …` (not signed by the server, or his account is gone); 410 `This link has expired. …` (36 hours after the nudge).",
      ok: { 200: { description: "`PhoneDownLink`", body: phoneDownLinkSchema } },
      errors: [...linkErrors],
      public: true,
    }),
    validate("query", phoneDownTokenSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const link = readPhoneDownToken(env.AUTH_SECRET, c.req.valid("query").token, new Date());
      return c.json<PhoneDownLink>(await readPhoneDownLink(database.db, link), 200);
    },
  )
  .post(
    "/phone-down/link",
    documented({
      tag: "Reminders",
      summary: "Phone down, from a nudge's link or the push's action: records that evening's answer once.",
      description:
        "No session: the signed token names him and the evening (the page's button, and the push notification's Phone down action). `{day, alreadyCounted, streakWeeks}`; a repeat changes nothing. 400 / 410 as above.",
      ok: { 200: { description: "`PhoneDownAnswer`", body: phoneDownAnswerSchema } },
      errors: [...linkErrors],
      public: true,
    }),
    validate("query", phoneDownTokenSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const now = new Date();
      const link = readPhoneDownToken(env.AUTH_SECRET, c.req.valid("query").token, now);
      return c.json<PhoneDownAnswer>(await answerPhoneDown(database.db, link.userId, link.day, now), 200);
    },
  );
