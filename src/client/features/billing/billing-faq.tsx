import { Link } from "react-router";
import { FREE_MONTHLY_TOKENS, plans } from "#shared/billing/plans.ts";
import { LEGAL_TERMS } from "#shared/legal/terms.ts";
import { paths } from "#shared/paths.ts";

const T = LEGAL_TERMS;
const day = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

const faq: { question: string; answer: React.ReactNode }[] = [
  {
    question: "Can I cancel any time?",
    answer: `Yes. Cancel in Manage subscription any time up to ${day(T.cancelDaysBeforeRenewal)} before your plan renews. You are not charged again and keep Premium until the end of the period you paid for.`,
  },
  {
    question: "Can I get my money back?",
    answer: (
      <>
        You have a {T.withdrawalDays}-day right of withdrawal from the day you subscribe: tell us by e-mail and we
        refund your payment within {T.refundDays} days. The details are in our{" "}
        <Link to={paths.termsOfService} className="font-semibold text-text underline underline-offset-2">
          Terms of Service
        </Link>
        .
      </>
    ),
  },
  {
    question: "What happens to my tokens?",
    answer: `While you are Premium, tokens are unlimited: generating todos and retaking the quiz cost nothing. Back on the free plan, the ${FREE_MONTHLY_TOKENS} tokens a month resume.`,
  },
  {
    question: "What happens at the end of my billing period?",
    answer: `Your plan renews for the same period at the same price. If you cancelled, Premium ends on the last day you paid for and you move to the free plan: ${plans.free.maxActiveChallenges} active challenge and ${FREE_MONTHLY_TOKENS} tokens a month. Your mission, challenges and progress stay.`,
  },
  {
    question: "How do I pay?",
    answer:
      "By card through Stripe's secure checkout. We never see or store your card details. Switch plans or download invoices in Manage subscription.",
  },
];

/** The plans page's questions, as native disclosures (keyboard and screen readers for free). */
export function BillingFaq() {
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="font-display text-2xl uppercase tracking-wide sm:text-3xl">
        Questions
      </h2>
      <div className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface">
        {faq.map((item) => (
          <details key={item.question} className="group px-5">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <span aria-hidden="true" className="text-xl text-volt transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="pb-4 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
