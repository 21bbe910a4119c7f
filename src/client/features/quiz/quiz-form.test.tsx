import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createQueryClient } from "#client/lib/query-client.ts";
import { advance, runOnFakeClock, setupUser, stubApi } from "#client/testing.ts";
import { QUIZ_QUESTIONS } from "#shared/quiz/questions.ts";
import { QuizForm } from "./quiz-form.tsx";

type Props = React.ComponentProps<typeof QuizForm>;

const answers = [
  "Four hours of feed every evening.",
  "A carpentry workshop of my own.",
  "Fear of failing keeps me stuck.",
  "I rebuilt my grandfather's table.",
  "Never trying the workshop.",
];

/** One visit of the quiz screen; `visit` again after `leave` is what a reload or a new tab does. */
function visit(props: Partial<Props> = {}) {
  const onSubmitted = vi.fn<(id: string) => void>();
  const user = setupUser();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <QuizForm
          userId="user-1"
          draftKey={null}
          targetId={null}
          editMode={false}
          initialAnswers={QUIZ_QUESTIONS.map(() => "")}
          onSubmitted={onSubmitted}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** Replaces the answer on screen with `text`, as the user types or pastes it. */
  async function answer(text: string) {
    const field = answerField();
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  }
  async function click(name: string) {
    await user.click(screen.getByText(name, { selector: "button" }));
  }
  /** Answers every question in turn; the last button submits. */
  async function answerAll(texts: string[]) {
    for (const [index, text] of texts.entries()) {
      await answer(text);
      await click(index === texts.length - 1 ? "SHOW ASSESSMENT RESULTS" : "NEXT");
    }
  }
  return { onSubmitted, answer, click, answerAll };
}

const leave = cleanup;

// Plain DOM lookups: role queries cost seconds in jsdom on a busy machine, and these say the same here.
function answerField() {
  const field = document.querySelector("textarea");
  if (!field) throw new Error("no answer field on screen");
  return field;
}

/** The question on screen (the label of the answer field) and the answer in it. */
function current() {
  const field = answerField();
  return { question: field.labels?.[0]?.textContent, answer: field.value };
}

/** The quiz's two requests: the answers saved as a new response, then its plan started. */
const acceptingServer = () =>
  stubApi({
    "POST /api/quiz/responses": { status: 201, body: { id: "response-9" } },
    "POST /api/quiz/responses/response-9/generate": { body: { status: "running" } },
  });

runOnFakeClock();

beforeEach(() => {
  localStorage.clear();
});

// A generous limit: nothing here waits on the clock, but a busy machine renders slowly.
describe("the quiz draft", { timeout: 20_000 }, () => {
  test("a reload brings back the question the user was on and every answer typed", async () => {
    const first = visit();
    await first.answer(answers[0] ?? "");
    await first.click("NEXT");
    await first.answer(answers[1] ?? "");
    leave();

    const again = visit();
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[1], answer: answers[1] });
    await again.click("BACK");
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[0], answer: answers[0] });
  });

  test("a draft wins over the preloaded answers of a retake", async () => {
    const preloaded = answers.map((a) => `Earlier: ${a}`);
    const retake = { editMode: true, draftKey: "response-1", targetId: "response-1", initialAnswers: preloaded };
    const first = visit(retake);
    expect(current().answer).toBe(preloaded[0]);
    await first.answer("Rewritten first answer");
    await first.click("NEXT");
    leave();

    const again = visit(retake);
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[1], answer: preloaded[1] });
    await again.click("BACK");
    expect(current().answer).toBe("Rewritten first answer");
  });

  test("a draft belongs to one user and one quiz: another user or a retake starts from its own answers", async () => {
    await visit().answer(answers[0] ?? "");
    leave();

    visit({ userId: "user-2" });
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[0], answer: "" });
    leave();

    visit({ editMode: true, draftKey: "response-1", targetId: "response-1", initialAnswers: ["Earlier answer"] });
    expect(current().answer).toBe("Earlier answer");
  });

  test("a damaged draft is ignored and a step out of range is clamped", () => {
    localStorage.setItem("unscroll.quizDraft.user-1.new", "{not json");
    visit();
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[0], answer: "" });
    leave();

    localStorage.setItem("unscroll.quizDraft.user-1.new", JSON.stringify({ answers, step: 99 }));
    visit();
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[4], answer: answers[4] });
  });

  test("submitted answers clear the draft: the next visit starts afresh", async () => {
    const fetch = acceptingServer();
    const { onSubmitted, answerAll } = visit();
    await answerAll(answers.map((text) => `  ${text}  `));
    await advance(0);

    expect(onSubmitted).toHaveBeenCalledWith("response-9");
    expect(fetch.requests[0]).toEqual({
      method: "POST",
      path: "/api/quiz/responses",
      body: { answers: QUIZ_QUESTIONS.map((question, i) => ({ question, answer: answers[i] })) },
    });
    leave();

    visit();
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[0], answer: "" });
  });

  test("the answer shows what was typed, angle brackets and tags included (the server strips real tags)", async () => {
    const typed = "I <b>really</b> <3 it, a < b";
    const fetch = acceptingServer();
    const { answer, answerAll } = visit();
    await answer(typed);
    expect(current().answer).toBe(typed);

    await answerAll([typed, ...answers.slice(1)]);
    await advance(0);
    const sent = fetch.requests[0]?.body as { answers: { answer: string }[] } | undefined;
    expect(sent?.answers[0]?.answer).toBe(typed);
  });

  test("a refused submission keeps the draft and says why", async () => {
    stubApi({ "POST /api/quiz/responses": { status: 402, body: { error: "Insufficient tokens" } } });
    const { onSubmitted, answerAll } = visit({ editMode: true, draftKey: "response-1", targetId: "response-1" });
    await answerAll(answers);
    await advance(0);

    expect(onSubmitted).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Insufficient tokens");
    leave();

    visit({ editMode: true, draftKey: "response-1", targetId: "response-1" });
    expect(current()).toEqual({ question: QUIZ_QUESTIONS[4], answer: answers[4] });
  });
});
