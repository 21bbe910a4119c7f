import { Link } from "react-router";
import { useSession } from "#client/lib/session.ts";
import { paths } from "#shared/paths.ts";
import { QUIZ_QUESTION_COUNT } from "#shared/quiz/questions.ts";

/** The session is invalidated when the run is saved, so the name and onboarding state are fresh without a reload. */
export default function Welcome() {
  const { user } = useSession();
  const firstName = user?.firstName?.trim() || "User";
  return (
    <main className="mx-auto flex max-w-xl flex-col px-5 pt-12 pb-16 sm:pt-20">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">Challenge complete</p>
      <h1 className="mt-3 font-display text-5xl uppercase leading-[0.95] sm:text-6xl">Welcome, {firstName}</h1>
      <p className="mt-5 text-lg text-muted">
        You proved you can do hard things without a screen. Next: {QUIZ_QUESTION_COUNT} honest questions. Your answers
        become your life mission, three challenges built for you, and the milestones to get there.
      </p>
      <ul className="mt-8 space-y-3">
        {["About 10 minutes", "No right answers — only honest ones", "Your plan is ready in under a minute"].map(
          (line) => (
            <li key={line} className="flex items-center gap-3">
              <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-volt/15 text-volt">
                ✓
              </span>
              {line}
            </li>
          ),
        )}
      </ul>
      <Link to={paths.quiz} className="btn-primary mt-10 w-full sm:w-auto sm:self-start">
        START ASSESSMENT QUIZ
      </Link>
    </main>
  );
}
