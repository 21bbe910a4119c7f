import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorBox } from "#client/components/error-box.tsx";
import { ApiError } from "#client/lib/api.ts";
import { dashboardSectionPath } from "#shared/paths.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { isAnswerFilled, QUIZ_ANSWER_MAX_LENGTH } from "#shared/quiz/rules.ts";
import { tokenMessages } from "#shared/tokens/rules.ts";
import { useSubmitQuiz } from "./api/submit-quiz.ts";
import { ProgressDots } from "./progress-dots.tsx";
import { clearDraft, loadDraft, saveDraft } from "./quiz-draft.ts";

/**
 * The five questions one at a time. The answers and the current question are kept as a draft (per user and edited
 * response) on every change, so a reload resumes where the user was; a draft wins over `initialAnswers`.
 * The last question submits the answers to `targetId` (or a new response) and hands its id to `onSubmitted`.
 */
export function QuizForm({
  userId,
  draftKey,
  targetId,
  editMode,
  initialAnswers,
  onSubmitted,
  afterFirst,
}: {
  userId: string;
  draftKey: string | null;
  targetId: string | null;
  editMode: boolean;
  initialAnswers: string[];
  onSubmitted: (responseId: string) => void;
  /**
   * Shown under the first question (where his time goes), before its buttons: the screen-time ask of issue 55, which
   * the route composes. Outside this form, as it holds a form of its own.
   */
  afterFirst?: React.ReactNode;
}) {
  const submit = useSubmitQuiz();
  const [state, setState] = useState(() => {
    const draft = loadDraft(userId, draftKey);
    const answers = QUIZ_QUESTIONS.map((_, i) => draft?.answers[i] ?? initialAnswers[i] ?? "");
    const step = Math.min(Math.max(0, draft?.step ?? 0), QUIZ_QUESTIONS.length - 1);
    return { answers, step };
  });
  const { answers, step } = state;
  const last = step === QUIZ_QUESTIONS.length - 1;
  const answer = answers[step] ?? "";

  useEffect(() => {
    saveDraft(userId, draftKey, state);
  }, [userId, draftKey, state]);

  // Each new question puts the cursor in its answer field, ready to type.
  const field = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    field.current?.focus();
  }, [step]);

  function setAnswer(value: string) {
    const next = [...answers];
    // Shown as typed (React escapes it); the server strips real tags when it stores the answers (issue 16).
    next[step] = value;
    setState({ answers: next, step });
  }

  async function onNext(event: React.FormEvent) {
    event.preventDefault();
    if (!isAnswerFilled(answer) || submit.isPending) return;
    if (!last) {
      setState({ answers, step: step + 1 });
      return;
    }
    const payload = QUIZ_QUESTIONS.map((question, i) => ({ question, answer: (answers[i] ?? "").trim() }));
    try {
      const id = await submit.mutateAsync({ answers: payload, ...(targetId ? { responseId: targetId } : {}) });
      clearDraft(userId, draftKey);
      onSubmitted(id);
    } catch {
      // The error is rendered below from the mutation state.
    }
  }

  const formId = useId();
  const error = submit.error;
  const outOfTokens = error instanceof ApiError && error.status === 402;

  return (
    <main className="mx-auto flex max-w-2xl flex-col px-5 pt-8 pb-16 sm:pt-14">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-volt">
          {editMode ? "Retake" : "Assessment"} · {step + 1}/{QUIZ_QUESTIONS.length}
        </p>
        <ProgressDots total={QUIZ_QUESTIONS.length} current={step} done={(i) => isAnswerFilled(answers[i] ?? "")} />
      </div>
      {editMode && (
        <p className="mt-4 rounded-xl border border-line bg-surface-2 p-3 text-sm text-muted">
          Your earlier answers are filled in. Retaking uses 1 token on the free plan; Premium retakes are unlimited.
        </p>
      )}
      <form id={formId} onSubmit={onNext} className="mt-8">
        <h1 className="text-2xl font-semibold leading-snug sm:text-3xl">
          <label htmlFor="answer">{QUIZ_QUESTIONS[step]}</label>
        </h1>
        <textarea
          id="answer"
          ref={field}
          rows={7}
          maxLength={QUIZ_ANSWER_MAX_LENGTH}
          className="field mt-6 resize-y text-lg leading-relaxed"
          placeholder="Write freely. Honest answers make a better plan."
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <p className="mt-2 text-right text-xs text-muted" aria-hidden="true">
          {answer.length}/{QUIZ_ANSWER_MAX_LENGTH}
        </p>

        {outOfTokens ? (
          <div role="alert" className="mt-4 rounded-xl border border-danger/50 bg-danger/10 p-4">
            <p className="font-semibold text-danger">{tokenMessages.insufficient}</p>
            <p className="mt-1 text-sm text-muted">
              Retaking the quiz costs 1 token and your balance is empty. Premium members retake as often as they like.
            </p>
            <Link to={dashboardSectionPath("premium")} className="btn-primary mt-3 min-h-10 px-5 text-sm">
              Upgrade to Premium
            </Link>
          </div>
        ) : (
          <ErrorBox message={error?.message} className="mt-4" />
        )}
      </form>
      {step === 0 && afterFirst ? <div className="mt-6">{afterFirst}</div> : null}
      {/* Phones: on the last question the long label gets the full width, BACK goes below it (issue 16). */}
      <div className={`mt-6 flex gap-3 ${last ? "flex-col-reverse sm:flex-row" : ""}`}>
        {step > 0 && (
          <button
            type="button"
            form={formId}
            className="btn-secondary flex-1 sm:flex-none"
            onClick={() => setState({ answers, step: step - 1 })}
            disabled={submit.isPending}
          >
            BACK
          </button>
        )}
        <button
          type="submit"
          form={formId}
          className={`btn-primary flex-[2] sm:ml-auto sm:flex-none ${last ? "px-4 text-[0.9375rem] tracking-wide sm:px-7 sm:text-base sm:tracking-wider" : ""}`}
          disabled={!isAnswerFilled(answer) || submit.isPending}
          aria-busy={submit.isPending || undefined}
        >
          {last ? "SHOW ASSESSMENT RESULTS" : "NEXT"}
        </button>
      </div>
    </main>
  );
}
