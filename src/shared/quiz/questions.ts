/**
 * The five self-assessment questions (PRODUCT.md "Onboarding content"). The quiz screen shows them in this
 * order and the AI generation reads the answers by position, so reorder with care.
 */
export const QUIZ_QUESTIONS = [
  "Where does your time go right now? Describe a typical evening and how much of it disappears into your phone.",
  "Picture yourself five years from now, living the life you want. What are you doing, and who is with you?",
  "What have you always wanted to build, master or achieve, but keep putting off? What stops you?",
  "What are you genuinely good at? Describe a moment you were proud of yourself.",
  "If the next ten years looked exactly like the last one, what would you regret most?",
] as const;

export const QUIZ_QUESTION_COUNT = QUIZ_QUESTIONS.length;
