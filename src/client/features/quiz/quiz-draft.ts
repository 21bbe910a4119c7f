/**
 * The answers typed so far, kept in localStorage per user (and per edited response) so a reload
 * or a closed tab mid-quiz loses nothing. Cleared once the answers reach the server.
 */
type Draft = { answers: string[]; step: number };

function key(userId: string, responseId: string | null) {
  return `unscroll.quizDraft.${userId}.${responseId ?? "new"}`;
}

export function loadDraft(userId: string, responseId: string | null): Draft | null {
  try {
    const raw = localStorage.getItem(key(userId, responseId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (!Array.isArray(value.answers) || !value.answers.every((a) => typeof a === "string")) return null;
    return { answers: value.answers, step: typeof value.step === "number" ? value.step : 0 };
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, responseId: string | null, draft: Draft) {
  try {
    localStorage.setItem(key(userId, responseId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled (private mode): the quiz still works, it just won't survive a reload.
  }
}

export function clearDraft(userId: string, responseId: string | null) {
  try {
    localStorage.removeItem(key(userId, responseId));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
