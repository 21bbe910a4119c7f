import { describe, expect, it } from "vitest";
import { textMessages } from "../text-rules.ts";
import { commentTextSchema, communityTextMessages, communityTextProblem, postTextSchema } from "./post-text.ts";
import { COMMENT_TEXT_MAX, POST_TEXT_MAX } from "./rules.ts";

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("community text: words", () => {
  it("refuses slurs and profanity from the dataset, however they are disguised", () => {
    for (const text of [
      "You are such a retard",
      "what a r3tard",
      "rrrretaaard",
      "r e t a r d",
      "r.e.t.a.r.d",
      "stupid f4g",
      "shit run today",
      "$h1t run today",
      "sh1iiit run today",
      "f u c k this hill",
      "f*ck this hill",
      "FUUUUCK this hill",
      "Ⓕⓤⓒⓚ this hill",
    ]) {
      expect(communityTextProblem(text), text).toBe(communityTextMessages.slur);
    }
  });

  it("accepts ordinary runner talk, including words that contain a refused one", () => {
    for (const text of [
      "First 10k under 50 minutes!",
      "Passed my assessment and ran to class after",
      "Hill repeats in Scunthorpe, then a cumulative 40 km week",
      "Grass, bass and a massive tailwind",
      "Analysis of my splits: negative split at last",
      "New FKT on the canal path",
      "Titanic effort, 4:35/km for the tempo",
      "Shiitake risotto to refuel",
      "Dickens quote on my shirt: it was the best of times",
      "Sub 3:30 marathon, 55s rest between 5 x 1 km",
    ]) {
      expect(communityTextProblem(text), text).toBeNull();
    }
  });
});

describe("community text: links", () => {
  it("refuses addresses with a scheme or www", () => {
    for (const text of [
      "Join us at https://example.org/club",
      "http://example.com",
      "hxxps://example.com",
      "See www.example.com",
      "See WWW.EXAMPLE",
      "www[.]example[.]de",
    ]) {
      expect(communityTextProblem(text), text).toBe(communityTextMessages.link);
    }
  });

  it("refuses bare domains with a common or spammy ending, with or without a path", () => {
    for (const text of [
      "cheap shoes at shoes.com",
      "SHOES.COM",
      "shoes.net",
      "example.org/join",
      "mysite.io",
      "shop.example.co.uk",
      "free-coins.ru",
      "win.xyz",
      "best.top",
      "cheap.info",
      "deals.biz",
      "now.click",
      "my.link",
      "coach.app",
      "tools.dev",
      "dm me at t.me/runner",
      "bit.ly/abc123",
      "discord.gg/run",
      "free.tk",
      "laufen.de/angebot",
      "Great run!example.com",
      "write to me@example.com",
    ]) {
      expect(communityTextProblem(text), text).toBe(communityTextMessages.link);
    }
  });

  it("refuses domains with a disguised dot", () => {
    for (const text of [
      "example dot com",
      "example DOT net",
      "example[.]com",
      "example(.)com",
      "example [dot] me",
      "example (dot) com",
      "example{.}xyz",
      "example . com",
      "example。com",
    ]) {
      expect(communityTextProblem(text), text).toBe(communityTextMessages.link);
    }
  });

  it("accepts numbers, units, abbreviations and missing spaces that are no domain", () => {
    for (const text of [
      "Ran 5.2 km today.",
      "Ran 5.2km today.",
      "10.5 miles in the rain",
      "4:35/km average, 5.30/mi on the last lap",
      "Week 3. Feeling strong.",
      "Week 3.Next week is harder",
      "end of sentence.Next one",
      "It was done.Me next time",
      "Reached the summit.Top of the world",
      "Hills, e.g. the long one, i.e. the worst",
      "Out at 6 a.m. and back by 7.",
      "Wait...me? A marathon?",
      "v1.2 of my plan, 3.5x faster",
      "Polka dot top and a red dot app on my watch",
      "Best time: 1:45:03.2",
    ]) {
      expect(communityTextProblem(text), text).toBeNull();
    }
  });
});

describe("post and comment text schemas", () => {
  it("return the trimmed text", () => {
    expect(postTextSchema.parse("  Ran my first 5k!  \n")).toBe("Ran my first 5k!");
    expect(commentTextSchema.parse("\n Well done \n")).toBe("Well done");
    expect(commentTextSchema.parse("Well done\r\nSee you Sunday")).toBe("Well done\nSee you Sunday");
  });

  it("let a post have no words, and refuse a comment of only spaces", () => {
    expect(postTextSchema.parse("")).toBe("");
    expect(postTextSchema.parse("   ")).toBe("");
    expect(message(commentTextSchema.safeParse("   "))).toBe(textMessages.required);
  });

  it("refuse too long text with the length message only", () => {
    const long = `${"x".repeat(POST_TEXT_MAX - 10)} shit.com ${"x".repeat(20)}`;
    const result = postTextSchema.safeParse(long);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([textMessages.tooLong(POST_TEXT_MAX)]);
    expect(message(commentTextSchema.safeParse("x".repeat(COMMENT_TEXT_MAX + 1)))).toBe(
      textMessages.tooLong(COMMENT_TEXT_MAX),
    );
    expect(commentTextSchema.parse("x".repeat(COMMENT_TEXT_MAX))).toBe("x".repeat(COMMENT_TEXT_MAX));
  });

  it("refuse refused words and links with their messages", () => {
    expect(message(postTextSchema.safeParse("Ran with a r3tard"))).toBe(communityTextMessages.slur);
    expect(message(commentTextSchema.safeParse("Coaching at run-fast.com"))).toBe(communityTextMessages.link);
  });

  it("refuse invisible characters hiding a word", () => {
    expect(message(commentTextSchema.safeParse("sh\u200Bit"))).toBe(textMessages.invisibleCharacters);
  });
});
