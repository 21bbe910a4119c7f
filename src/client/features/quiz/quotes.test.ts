import { expect, test } from "vitest";
import { quotes } from "./quotes.ts";

/**
 * Famous lines that the people they are usually credited to never said or wrote (decision 0124): the first is in no
 * work of Lincoln's, the next two are in neither the Analects nor the Meditations, and Roosevelt gave the last as
 * Squire Bill Widener's.
 */
const misattributed = [
  { text: "Discipline is choosing between what you want now and what you want most.", author: "Abraham Lincoln" },
  { text: "The man who moves a mountain begins by carrying away small stones.", author: "Confucius" },
  { text: "You have power over your mind — not outside events.", author: "Marcus Aurelius" },
  { text: "Do what you can, with what you have, where you are.", author: "Theodore Roosevelt" },
];

test("issue 35 (smaller): no quote on the processing screen is credited to someone who did not say it", () => {
  for (const wrong of misattributed) {
    const credited = quotes.find((quote) => quote.text.startsWith(wrong.text.slice(0, 40)));
    expect(credited?.author ?? "not shown", wrong.text).not.toBe(wrong.author);
  }
  // SPEC.md section 9 still holds: ten quotes, each with the name it is credited to.
  expect(quotes).toHaveLength(10);
  for (const quote of quotes) expect(quote.author.trim()).not.toBe("");
});
