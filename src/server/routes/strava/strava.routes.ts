import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { validator } from "hono/validator";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { bodyLimit } from "#server/http/body-limit.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { disconnect, finishConnect, startConnect } from "#server/services/strava/connection.ts";
import { dismissOfferedRun, readStravaStatus, useOfferedRun } from "#server/services/strava/status.ts";
import { webhookEventSchema } from "#server/services/strava/strava-payloads.ts";
import type { Strava } from "#server/services/strava/strava-service.ts";
import {
  type StravaStatus,
  stravaActivityParamSchema,
  stravaChallengeAnswerSchema,
  stravaConnectAnswerSchema,
  stravaConnectSchema,
  stravaEventReceivedSchema,
  stravaStatusSchema,
  stravaUsedSchema,
} from "#shared/strava/contracts.ts";
import { STRAVA_RESULT_PARAM } from "#shared/strava/rules.ts";

/** Strava's events are a few hundred bytes; anything far larger is not from Strava. */
const WEBHOOK_MAX_BYTES = 16 * 1024;

function stravaOf(c: { get(key: "deps"): { strava: Strava | null } }): Strava {
  const strava = c.get("deps").strava;
  if (!strava) throw new DomainError("strava.notConfigured");
  return strava;
}

const activityParam = validator("param", (value) => {
  const parsed = stravaActivityParamSchema.safeParse(value);
  if (!parsed.success) throw new DomainError("strava.activityNotFound");
  return { id: Number(parsed.data.id) };
});

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Strava (issue 56, decision 0165): his connection, the runs it sent and what became of them, and Strava's events. */
export const stravaRoutes = new Hono<AuthedEnv>()
  .get(
    "/",
    documented({
      tag: "Strava",
      summary: "His Strava connection and what became of the activities it sent in the last 7 days.",
      description:
        "`StravaStatus` (`src/shared/strava/contracts.ts`): `available` (false: this server has no Strava), `local` (the local stand-in), `connection: {athleteName, connectedAt} | null`, `busy` (Strava's limits hold his events back), `activities` newest first, each with its `outcome` and, when refused, the `reason` to show. Only his rows.",
      ok: { 200: { description: "`StravaStatus`", body: stravaStatusSchema } },
    }),
    requireUser,
    async (c) => {
      const deps = c.get("deps");
      const user = c.get("user");
      const config = deps.strava?.config ?? { mode: "off" as const };
      const status = await readStravaStatus(deps.database.db, config, user.id, new Date());
      return c.json<StravaStatus>(status, 200);
    },
  )
  .post(
    "/connect",
    documented({
      tag: "Strava",
      summary: "Start connecting Strava: the address of Strava's authorize page, bound to his session.",
      description:
        "Body `{returnTo}`: the screen to come back to. Answers `{url}`; the state in it is good once, for ten minutes, and only in his session.",
      ok: { 200: { description: "`{url}`", body: stravaConnectAnswerSchema } },
      errors: ["strava.notConfigured"],
    }),
    requireUser,
    validate("json", stravaConnectSchema),
    async (c) => {
      const strava = stravaOf(c);
      const url = await startConnect(strava, c.get("user").id, c.req.valid("json").returnTo, new Date());
      return c.json({ url }, 200);
    },
  )
  .get(
    "/callback",
    documented({
      tag: "Strava",
      summary: "Where Strava sends him back: connects, then back to his screen with `?strava=<result>`.",
      description:
        "Strava's redirect (`code`, `state`, `scope` or `error`). 303 to the screen he started from with `strava=connected|denied|noActivityScope|failed|expired`; a state that is unknown, used, older than ten minutes or of another session connects nothing.",
      ok: { 303: "Back to his screen" },
      public: true,
    }),
    async (c) => {
      const strava = c.get("deps").strava;
      const query = c.req.query();
      const { returnTo, result } = strava
        ? await finishConnect(strava, c.get("user")?.id ?? null, query, new Date())
        : { returnTo: "/dashboard/settings", result: "failed" as const };
      return c.redirect(`${returnTo}?${STRAVA_RESULT_PARAM}=${result}`, 303);
    },
  )
  .delete(
    "/",
    documented({
      tag: "Strava",
      summary: "Disconnect Strava: access revoked at Strava, tokens deleted here.",
      description: "204 whether or not he was connected; the proofs already made stay his.",
      ok: { 204: "Disconnected" },
    }),
    requireUser,
    async (c) => {
      const strava = c.get("deps").strava;
      if (strava) await disconnect(strava, c.get("user").id, new Date());
      return c.body(null, 204);
    },
  )
  .post(
    "/activities/:id/use",
    documented({
      tag: "Strava",
      summary: "Use an offered run as the proof of the milestone it was offered for.",
      description:
        "Answers `{proof}`. 404 for an activity not his; 409 when it is no longer offered (answered, or the milestone has a proof now).",
      ok: { 200: { description: "`{proof}`", body: stravaUsedSchema } },
      errors: ["strava.activityNotFound", "strava.notOffered"],
    }),
    requireUser,
    activityParam,
    async (c) => {
      const proof = await useOfferedRun(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id);
      return c.json({ proof }, 200);
    },
  )
  .post(
    "/activities/:id/dismiss",
    documented({
      tag: "Strava",
      summary: "Not this one: the offered run stays in his list, offered no more.",
      ok: { 204: "Dismissed" },
      errors: ["strava.activityNotFound", "strava.notOffered"],
    }),
    requireUser,
    activityParam,
    async (c) => {
      await dismissOfferedRun(c.get("deps").database.db, c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  // Strava's, not a user's: no session. The subscription's handshake proves the verify token; events are queued.
  .get(
    "/webhook",
    documented({
      tag: "Strava",
      summary: "Strava's subscription handshake: echoes `hub.challenge` for the right verify token only.",
      description: '`{"hub.challenge": ...}`; 403 for any other verify token.',
      ok: { 200: { description: "The challenge echoed", body: stravaChallengeAnswerSchema } },
      errors: ["strava.verifyToken", "strava.notConfigured"],
      public: true,
    }),
    (c) => {
      const strava = stravaOf(c);
      const token = c.req.query("hub.verify_token") ?? "";
      const challenge = c.req.query("hub.challenge") ?? "";
      if (c.req.query("hub.mode") !== "subscribe" || !sameText(token, strava.config.verifyToken)) {
        throw new DomainError("strava.verifyToken");
      }
      return c.json({ "hub.challenge": challenge }, 200);
    },
  )
  .post(
    "/webhook",
    documented({
      tag: "Strava",
      summary: "Strava's push events: queued durably, then acknowledged (Strava waits 2 s).",
      description:
        "200 `{received: true}` once the event is in the job queue; 400 for a body that is not a Strava event; 503 while the queue is starting (Strava sends it again).",
      ok: { 200: { description: "`{received: true}`", body: stravaEventReceivedSchema } },
      errors: ["strava.notAnEvent", "strava.queueStarting", "strava.notConfigured"],
      public: true,
    }),
    bodyLimit(WEBHOOK_MAX_BYTES),
    async (c) => {
      const strava = stravaOf(c);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = null;
      }
      const event = webhookEventSchema.safeParse(body);
      if (!event.success) throw new DomainError("strava.notAnEvent");
      try {
        await strava.events.enqueue(event.data);
      } catch (err) {
        c.get("log").error({ err }, "could not queue a Strava event; Strava will send it again");
        throw new DomainError("strava.queueStarting", {}, { cause: err });
      }
      return c.json({ received: true }, 200);
    },
  );
