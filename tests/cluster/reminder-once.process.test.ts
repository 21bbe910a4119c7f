import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#shared/time.ts";
import { type Cluster, proxyTestsCanRun, startCluster, userWithPlan } from "#tests/support/cluster.ts";
import { until } from "#tests/support/server-process.ts";

/**
 * Issue 36 with decision 0094: a reminder due once goes out once while two instances run, each with its own pg-boss
 * workers and schedule on the one database. The processes keep the real clock (decision 0100: a process cannot be
 * given a fake one), so the milestone is made due now: its deadline is tomorrow in a time zone where it is early
 * afternoon, which makes the "due tomorrow" reminder due at once. The planner runs each scheduled minute, and here
 * also whenever the test queues a plan job, as a schedule of its own would; each instance's connections carry its
 * name (application_name), so a trigger records which instance ran each plan. The test waits until both instances
 * have planned after the e-mail went out and nothing is left to send, then counts: one e-mail, one delivery row.
 */
describe.runIf(proxyTestsCanRun())("a reminder due once, with two instances running (issue 36)", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ env: { REMINDER_CRON: "* * * * *" } });
    await cluster.query(`
      create table cluster_planner_runs (app text not null, at timestamptz not null default clock_timestamp());
      create function cluster_record_planner_run() returns trigger language plpgsql as $$
      begin
        insert into cluster_planner_runs (app) values (current_setting('application_name'));
        return new;
      end $$;
      create trigger cluster_planner_runs after update on pgboss.job for each row
        when (new.name = 'reminders-plan' and new.state = 'completed' and old.state <> 'completed')
        execute function cluster_record_planner_run();
    `);
  });
  afterAll(() => cluster?.close());

  /** Queues plan jobs, one a second, until each instance has completed one that started after `since`. */
  async function untilBothPlanned(since: Date) {
    await until(
      async () => {
        const { rows } = await cluster.query<{ app: string }>(
          "select distinct app from cluster_planner_runs where at > $1",
          [since],
        );
        if (rows.length >= 2) return true;
        await cluster.query("insert into pgboss.job (name, data) values ('reminders-plan', '{}')");
        await new Promise((r) => setTimeout(r, 1_000));
        return false;
      },
      60_000,
      () => "both instances did not run the planner within 60 s",
    );
  }

  const sendsLeft = async () =>
    Number(
      (
        await cluster.query<{ n: string }>(
          "select count(*) as n from pgboss.job where name = 'reminders-send' and state in ('created', 'retry', 'active')",
        )
      ).rows[0]?.n,
    );

  it("is sent once, after both instances have planned it", async () => {
    const { api, plan } = await userWithPlan(cluster, "127.0.0.21");
    const me = await (await api.me.$get()).json();
    const email = String((me as { user?: { email?: string } }).user?.email);
    const challenge = plan.challenges[0];
    const milestone = challenge?.milestones[0];
    if (!challenge || !milestone) throw new Error("the plan has no milestone");

    // A whole-hour zone where it is about 14:00 now (Etc/GMT-2 is UTC+2): the reminder window is 08:00-22:00.
    const now = new Date();
    const offset = ((14 - now.getUTCHours() + 36) % 24) - 12;
    const timeZone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const localToday = new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10);
    const due = addDays(localToday, 1);

    const accepted = await api.challenges[":id"].$patch({
      param: { id: challenge.id },
      json: { challengeAccepted: true },
    });
    expect(accepted.status).toBe(200);
    const moved = await api.milestones.$patch({ json: { milestones: [{ id: milestone.id, milestoneDeadline: due }] } });
    expect(moved.status).toBe(200);
    const zone = await api.reminders.settings.$patch({ json: { timeZone } });
    expect(zone.status).toBe(200);

    const dueSince = new Date();
    await untilBothPlanned(dueSince);
    const mail = await cluster.smtp.waitFor(email, { subject: /^Due tomorrow/, timeoutMs: 30_000 });
    expect(mail.subject).toBe(`Due tomorrow: ${challenge.title}`);

    // Both plan again after it went out; whatever they queued is sent (or dropped) before counting.
    await untilBothPlanned(new Date());
    await until(
      async () => (await sendsLeft()) === 0,
      30_000,
      () => "reminder jobs still waiting after 30 s",
    );
    const runs = await cluster.query<{ app: string; n: string }>(
      "select app, count(*) as n from cluster_planner_runs where at > $1 group by app order by app",
      [dueSince],
    );
    const his = cluster.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith("Due"));
    console.log(
      `reminder: zone ${timeZone}, due ${due}; planner runs since it was due: ${runs.rows.map((r) => `${r.app} ${r.n}`).join(", ")}; e-mails: ${his.length}`,
    );
    expect(his).toHaveLength(1);
    const rows = await cluster.query<{ sent_at: Date | null }>(
      "select sent_at from reminder_deliveries where kind = 'due_tomorrow' and subject_key like $1",
      [`${milestone.id}:%`],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.sent_at).not.toBeNull();
  });
});
