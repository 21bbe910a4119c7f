import { describe, expect, it } from "vitest";
import { updateProfileSchema } from "./account/contracts.ts";
import { confirmSchema } from "./billing/contracts.ts";
import { joinWaitlistSchema } from "./community/contracts.ts";
import { updateChallengeSchema, updateMilestoneSchema } from "./plan/contracts.ts";
import { submitQuizSchema } from "./quiz/contracts.ts";
import { QUIZ_QUESTION_COUNT } from "./quiz/questions.ts";
import { runValidationSchema } from "./run-challenge/contracts.ts";
import { userText } from "./text.ts";
import { textMessages } from "./text-rules.ts";

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("user text", () => {
  const title = userText({ max: 10, messages: { required: "Title is required", tooLong: "Too long" } });
  const notes = userText({ max: 50, min: 10, multiline: true });

  it("trims, and counts and caps the trimmed text", () => {
    expect(title.parse("  Run more \n")).toBe("Run more");
    expect(message(title.safeParse("   "))).toBe("Title is required");
    expect(title.parse(` ${"x".repeat(10)} `)).toBe("x".repeat(10));
    expect(message(title.safeParse("x".repeat(11)))).toBe("Too long");
    expect(message(notes.safeParse("  short  "))).toBe(textMessages.tooShort(10));
  });

  it("refuses NUL and unpaired surrogates, keeps paired ones (emoji)", () => {
    expect(message(title.safeParse("a\u0000b"))).toBe(textMessages.unstorable);
    expect(message(title.safeParse("a\uD800"))).toBe(textMessages.unstorable);
    expect(message(title.safeParse("\uDC00a"))).toBe(textMessages.unstorable);
    expect(title.parse("🏃 run")).toBe("🏃 run");
  });

  it("refuses control characters, and line breaks inside single-line text", () => {
    expect(message(title.safeParse("a\u0007b"))).toBe(textMessages.controlCharacters);
    expect(message(title.safeParse("a\u009Bb"))).toBe(textMessages.controlCharacters);
    expect(message(title.safeParse("one\ntwo"))).toBe(textMessages.lineBreaks);
    expect(title.parse("a\tb")).toBe("a\tb");
    expect(notes.parse("first line\r\nsecond\rthird")).toBe("first line\nsecond\nthird");
    expect(message(notes.safeParse("first line\u001Bsecond"))).toBe(textMessages.controlCharacters);
  });

  it("issue 41 row 5: printable text refuses line separators and invisible characters, keeps how names are written", () => {
    const name = userText({ max: 50, printable: true });
    for (const text of [
      "Sam\u2028Bcc: x",
      "Sam\u2029Hi",
      "Sa\u200Bm",
      "\u202EmaS",
      "Sam\u2066x\u2069",
      "\u200DSam",
      "Sam\u00ADuel",
      "\u3164",
      "Sam\u{E0041}",
      "Sam\uE000",
    ]) {
      expect(message(name.safeParse(text)), JSON.stringify(text)).toBe(textMessages.invisibleCharacters);
    }
    for (const text of [
      "José",
      "Anne-Marie O'Neil",
      "نرگس\u200Cی",
      "👨\u200D👩\u200D👧",
      "❤\uFE0F\u200D🔥",
      "李 小龍",
      "🏃 Sam",
    ]) {
      expect(name.parse(text)).toBe(text);
    }
    // Surrounding separators are trimmed away like any other whitespace; without the option nothing changes.
    expect(name.parse("\u2028Sam\u2029")).toBe("Sam");
    expect(userText({ max: 50 }).parse("Sa\u200Bm")).toBe("Sa\u200Bm");
  });

  it("answers a non-string with the field's required message", () => {
    expect(message(title.safeParse({ $gt: "" }))).toBe("Title is required");
    expect(message(title.safeParse(null))).toBe("Title is required");
    expect(message(userText({ max: 5 }).safeParse(5))).toBe(textMessages.notText);
  });
});

describe("every form keeps its messages and limits with the user text type", () => {
  it("first name (sign-up rules)", () => {
    expect(updateProfileSchema.parse({ firstName: "  Marcus " })).toEqual({ firstName: "Marcus" });
    expect(message(updateProfileSchema.safeParse({ firstName: " " }))).toBe("First name is required.");
    expect(message(updateProfileSchema.safeParse({ firstName: "x".repeat(51) }))).toBe(
      "First name must be at most 50 characters.",
    );
    expect(message(updateProfileSchema.safeParse({ firstName: "Mar\u0000cus" }))).toBe(textMessages.unstorable);
    expect(message(updateProfileSchema.safeParse({ firstName: "Marcus\nBcc: x@evil.test" }))).toBe(
      textMessages.lineBreaks,
    );
    // Issue 41: his first name reaches his partners' e-mails, so it is printable text only.
    expect(message(updateProfileSchema.safeParse({ firstName: "Marcus\u2028Bcc: x@evil.test" }))).toBe(
      textMessages.invisibleCharacters,
    );
    expect(message(updateProfileSchema.safeParse({ firstName: "Mar\u200Bcus" }))).toBe(
      textMessages.invisibleCharacters,
    );
  });

  it("run notes: SPEC's messages, 10 characters after trimming, 5000 at most", () => {
    const notes = (text: unknown) =>
      runValidationSchema.safeParse({ previousMaxDuration: null, todayDuration: 30, notes: text });
    expect(message(notes("   "))).toBe("Please share your thoughts about the challenge");
    expect(message(notes("  too short "))).toBe("Please write at least 10 characters");
    expect(message(notes("x".repeat(5001)))).toBe("Please keep your notes under 5000 characters");
    expect(message(notes(`ran well\u0000 today`))).toBe(textMessages.unstorable);
    expect(notes("It went well.\nTomorrow more.").data?.notes).toBe("It went well.\nTomorrow more.");
  });

  it("quiz answers: tags stripped before counting, lone surrogates refused", () => {
    const answers = (answer: string) =>
      submitQuizSchema.safeParse({
        answers: Array.from({ length: QUIZ_QUESTION_COUNT }, (_, i) => ({ question: `Q${i}`, answer })),
      });
    expect(answers("<b>Running</b> <3").data?.answers[0]?.answer).toBe("Running <3");
    expect(message(answers("<b></b>  "))).toBe("Please answer every question.");
    expect(message(answers("x".repeat(2001)))).toBe("Please keep each answer under 2000 characters.");
    expect(message(answers("Running \uD83D"))).toBe(textMessages.unstorable);
  });

  it("challenge, milestone and waitlist texts", () => {
    expect(message(updateChallengeSchema.safeParse({ title: " " }))).toBe("Title is required");
    expect(message(updateChallengeSchema.safeParse({ description: "x".repeat(2001) }))).toBe(
      "Please keep the description under 2000 characters",
    );
    expect(message(updateMilestoneSchema.safeParse({ milestoneDescription: "a\u0000b" }))).toBe(
      textMessages.unstorable,
    );
    expect(message(updateMilestoneSchema.safeParse({ milestoneDescription: "" }))).toBe(
      "A milestone needs a description. Empty text is not saved.",
    );
    expect(message(joinWaitlistSchema.safeParse({ email: "a@b.co", name: "  " }))).toBe("Name is required");
    expect(message(confirmSchema.safeParse({ sessionId: "cs_\u0000" }))).toBe(
      "Invalid payment session. Please try again.",
    );
    expect(message(confirmSchema.safeParse({ sessionId: "cs_a\nb" }))).toBe(
      "Invalid payment session. Please try again.",
    );
    // The waitlist's address is the account's, compared on the server (issue 24 #6); the name is his own text.
    expect(message(joinWaitlistSchema.safeParse({ name: "A\u0000nn" }))).toBe(textMessages.unstorable);
    expect(message(joinWaitlistSchema.safeParse({ name: "  " }))).toBe("Name is required");
  });
});
