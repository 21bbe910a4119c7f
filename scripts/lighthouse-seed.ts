import { hc } from "hono/client";
import type { ApiType } from "#server/app.ts";
import { DAY_MS, dayOf } from "#shared/time.ts";
import { answersFor, MARCUS } from "../tests/support/personas.ts";
import { realClient } from "../tests/support/real-client.ts";
import { STARTUP_MS, until } from "../tests/support/server-process.ts";
import type { CapturedMail } from "../tests/support/smtp-sink.ts";

/** A day `days` from now, as the date picker sends it. */
function dayFromNow(days: number) {
  return dayOf(new Date(Date.now() + days * DAY_MS));
}

async function ok<T>(label: string, response: Response, parse: (r: Response) => Promise<T>): Promise<T> {
  if (!response.ok) throw new Error(`${label} answered ${response.status}: ${await response.text()}`);
  return parse(response);
}

/**
 * The user whose screens `npm run lighthouse` measures, made through the API as a man would make himself (issue 37):
 * a confirmed account, the quiz, a plan from the offline writer, the first challenge accepted with its three dates,
 * todos for the first milestone (one token), his time zone known and a partner invited. Returns his cookie, his first challenge's title and the partner's page.
 */
export async function seedSignedInUser(port: number, smtp: { mails: CapturedMail[] }) {
  const client = realClient(port, smtp);
  const cookie = await client.signedIn("127.0.0.1");
  if (!cookie) throw new Error("the seeded user could not sign in");
  const api = hc<ApiType>(`http://127.0.0.1:${port}/api`, { headers: { origin: client.origin, cookie } });

  const { id } = await ok(
    "the quiz",
    await api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } }),
    (r) => r.json() as Promise<{ id: string }>,
  );
  await ok("the plan", await api.quiz.responses[":id"].generate.$post({ param: { id } }), async () => {});
  await until(
    async () => (await (await api.quiz.responses[":id"].generation.$get({ param: { id } })).json()).status === "done",
    STARTUP_MS,
    () => "the plan was not written in time",
  );
  const plan = await ok("the plan", await api.quiz.responses[":id"].$get({ param: { id } }), (r) => r.json());
  const challenge = plan.challenges[0];
  if (!challenge) throw new Error("the plan has no challenge");
  await ok(
    "accepting",
    await api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } }),
    async () => {},
  );
  for (const [i, milestone] of challenge.milestones.entries()) {
    await ok(
      "a date",
      await api.milestones[":id"].$patch({
        param: { id: milestone.id },
        json: { milestoneDeadline: dayFromNow(7 * (i + 1)) },
      }),
      async () => {},
    );
  }
  const first = challenge.milestones[0];
  if (first) {
    await ok("todos", await api.milestones[":id"].todos.$post({ param: { id: first.id } }), async () => {});
  }

  // A man who has opened his dashboard before: his browser already told the server its time zone (the browser
  // Lighthouse drives runs on this machine, in its zone), so the page measured is the one he sees every day.
  await ok(
    "the time zone",
    await api.reminders.settings.$patch({ json: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }),
    async () => {},
  );

  const partnerEmail = `partner-${Date.now()}@example.com`;
  await ok(
    "the invitation",
    await api.partner.invitations.$post({ json: { firstName: "Sam", email: partnerEmail } }),
    async () => {},
  );
  await until(
    () => smtp.mails.some((m) => m.to.includes(partnerEmail)),
    STARTUP_MS,
    () => "no invitation e-mail",
  );
  const link = smtp.mails.find((m) => m.to.includes(partnerEmail))?.links.find((l) => l.includes("/partner/view/"));
  if (!link) throw new Error("the invitation e-mail has no link to his page");
  return { cookie, challengeTitle: challenge.title, partnerPath: new URL(link).pathname };
}
