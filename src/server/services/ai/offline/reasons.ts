import type { GeneratedChallenge } from "../schema.ts";
import { eveningLine } from "./plan-words.ts";
import { quoteAnswer } from "./quotes.ts";
import type { Facts } from "./read-answers.ts";
import { isNonAnswer } from "./read-answers.ts";
import { withinLength } from "./text.ts";

/**
 * One of his answers as a reason, in his words: a fact read from it, or the answer quoted whole. null for an answer
 * that says nothing (a non-answer or filler is never framed as a strength or a goal).
 */
function witness(f: Facts, answer: number): string | null {
  if (isNonAnswer(f.texts[answer] ?? "")) return null;
  const quoted = quoteAnswer(f, answer);
  switch (answer) {
    case 0:
      return f.texts[0] ? eveningLine(f) : null;
    case 1:
      return f.future ? `In five years: ${f.future}.` : quoted && `Your future, in your words: ${quoted}`;
    case 2:
      return f.goal ? `Room to ${f.goal}.` : quoted && `Your goal, in your words: ${quoted}`;
    case 3:
      return f.strength ? `You said ${f.strength}.` : quoted && `Your strength, in your words: ${quoted}`;
    default:
      return f.regret ? `Your regret: ${f.regret}.` : quoted && `Your regret, in your words: ${quoted}`;
  }
}

/**
 * Each challenge's reason ends with a second answer of his, so no two people share a reason line unless they wrote
 * the same words (issue 35 row 6): first the answers no challenge is built on, so the three reasons together cite
 * every answer that says something, then any other answer whose words the challenge does not already repeat.
 */
export function withReasons(
  f: Facts,
  picked: Array<{ challenge: GeneratedChallenge; source: number }>,
): GeneratedChallenge[] {
  const sources = new Set(picked.map((p) => p.source));
  const unused = [0, 1, 2, 3, 4].filter((i) => !sources.has(i));
  const cited = new Set<number>();
  return picked.map(({ challenge, source }) => {
    const own = `${challenge.description} ${challenge.insight}`;
    const fresh = (i: number) => {
      const line = i === source ? null : witness(f, i);
      return line && !own.includes(line.replace(/^[^:]*:\s*/, "").replace(/[.”]+$/, "")) ? line : null;
    };
    const at = unused.findIndex((i) => fresh(i));
    const others = [2, 4, 1, 3, 0].filter((i) => fresh(i));
    const chosen = at >= 0 ? unused.splice(at, 1)[0] : (others.find((i) => !cited.has(i)) ?? others[0]);
    const line = chosen === undefined ? null : fresh(chosen);
    if (chosen !== undefined) cited.add(chosen);
    return line ? { ...challenge, insight: withinLength(`${challenge.insight} ${line}`, 500) } : challenge;
  });
}
