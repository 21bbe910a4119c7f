import { Link } from "react-router";
import { DashboardPage } from "#client/components/dashboard-page.tsx";
import { config } from "#client/lib/config.ts";
import { dashboardSectionPath, paths } from "#shared/paths.ts";

const topics = [
  {
    question: "How do I complete a milestone?",
    answer:
      "Tick it on your dashboard. If the milestone has todos, finish every todo first: the milestone completes itself when the last one is done.",
  },
  {
    question: "What are tokens for?",
    answer:
      "One token turns a milestone into 3–5 concrete todos, and one token pays for a quiz retake. The free plan has 5 tokens a month; Premium is unlimited.",
  },
  {
    question: "Can I change a deadline or a milestone?",
    answer: "Yes. Plans change: open the milestone on your dashboard and edit its text or pick a new due date.",
  },
  {
    question: "How do I get a new mission?",
    answer: "Retake the quiz from Insights. Your earlier answers are filled in, and a new plan replaces the old one.",
  },
] as const;

/** /dashboard/help: SPEC.md section 2's static help and the support address. */
export default function Help() {
  return (
    <DashboardPage
      eyebrow="Help"
      title="Help and Support"
      intro="Stuck, or something does not work as it should? Here is how the app works, and how to reach a person."
    >
      <div className="space-y-3">
        {topics.map((topic) => (
          <section key={topic.question} className="card">
            <h2 className="font-bold">{topic.question}</h2>
            <p className="mt-2 text-muted">{topic.answer}</p>
          </section>
        ))}
      </div>
      <section aria-labelledby="contact-heading" className="mt-8 rounded-2xl border border-volt/40 bg-volt/5 p-5">
        <h2 id="contact-heading" className="text-lg font-bold">
          Contact support
        </h2>
        <p className="mt-1 text-muted">Write to us: a person reads every message.</p>
        <a
          href={`mailto:${config.supportEmail}`}
          className="mt-3 inline-block break-words text-lg font-semibold text-volt underline decoration-volt/40 underline-offset-4 hover:decoration-volt"
        >
          {config.supportEmail}
        </a>
      </section>
      <p className="mt-8 text-sm text-muted">
        Looking for your tips? They are in{" "}
        <Link to={dashboardSectionPath("settings")} className="font-semibold text-text underline underline-offset-2">
          Settings
        </Link>
        . Our{" "}
        <Link to={paths.privacyPolicy} className="font-semibold text-text underline underline-offset-2">
          Privacy Policy
        </Link>{" "}
        explains what we keep about you.
      </p>
    </DashboardPage>
  );
}
