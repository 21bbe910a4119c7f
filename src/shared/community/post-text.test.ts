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

describe("community text: links disguised by characters and endings (issue 52 row 7)", () => {
  it("refuses a link hidden by invisible, look-alike, full-width or spaced characters", () => {
    for (const text of [
      "example\u200D.com",
      "example\u200B.com",
      "example.c\uFE0Fom",
      "example.c\u00ADom",
      "example.\u0441om", // Cyrillic "с"
      "\u0435xample.\u0441\u043Em", // Cyrillic "е", "с", "о"
      "example.\u03BFrg", // Greek omicron
      "example.\uFF43\uFF4F\uFF4D", // full-width "ｃｏｍ"
      "\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45\uFF0E\uFF43\uFF4F\uFF4D",
      "example\uFE52com", // small full stop
      "example\u00B7com", // middle dot
      "example\u2219com",
      "example. com",
      "example.\u00A0com",
      "example.cOm",
      "\uFF48\uFF54\uFF54\uFF50\uFF53\uFF1A\uFF0F\uFF0Fexample",
      "\u04BBttps://example", // Cyrillic "һ"
    ]) {
      expect(communityTextProblem(text), JSON.stringify(text)).toBe(communityTextMessages.link);
    }
  });

  it("refuses any ending on the list of top-level domains, punycode names and IP addresses", () => {
    for (const text of [
      "deals at cheap.shop",
      "visit pills.online today",
      "my.site",
      "free-money.cc",
      "coach.ai",
      "best.store",
      "win.vip",
      "runner.club",
      "Sign up at example.xn--p1ai",
      "xn--80ak6aa92e.xn--p1ai",
      "\u0441\u0430\u0439\u0442.\u0440\u0444", // сайт.рф
      "203.0.113.7/offer",
      "go to 203.0.113.7",
      "203.0.113.7:8080",
      "laufen.berlin/angebot",
    ]) {
      expect(communityTextProblem(text), JSON.stringify(text)).toBe(communityTextMessages.link);
    }
  });

  it("still accepts ordinary sentences, numbers, abbreviations and joined emoji", () => {
    for (const text of [
      "I ran 5.2 km. Then rested",
      "3.5 hours on my feet",
      "Mr. Smith paced me",
      "Hills, e.g. this one",
      "Hills, e.g.this one",
      "Out at 6 a.m.to beat the heat",
      "Splits: 4.55, 4.50, 4.45",
      "Version 1.2.3 of the plan",
      "Paced 1.10.15 for the last mile",
      "Done. Me and Dave next week",
      "Done. co-workers cheered",
      "Tempo \u00B7 top form \u00B7 10 km",
      "5 km \u00B7 30 min",
      "Week 3.Next week is harder",
      "Reached the summit.Top of the world",
      "Proud \u2764\uFE0F of this one",
      "Family run \uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67 on Sunday",
      "\u041F\u0440\u043E\u0431\u0435\u0436\u0430\u043B 5 \u043A\u043C. \u041E\u0442\u043B\u0438\u0447\u043D\u043E", // Пробежал 5 км. Отлично
      "\u0418 \u0442.\u0434. \u0438 \u0442.\u043F.", // И т.д. и т.п.
      "Best time: 1:45:03.2",
    ]) {
      expect(communityTextProblem(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("refuse a disguised link in a post and a comment, with the link message", () => {
    expect(message(postTextSchema.safeParse("Coaching at example\u200D.com"))).toBe(communityTextMessages.link);
    expect(message(commentTextSchema.safeParse("example.c\uFE0Fom"))).toBe(communityTextMessages.link);
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
