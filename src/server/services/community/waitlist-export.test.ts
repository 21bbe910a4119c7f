import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { normalizeEmail } from "#shared/account/rules.ts";
import { joinWaitlistSchema } from "#shared/community/contracts.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { joinWaitlist } from "./waitlist.ts";
import { csvField, waitlistCsv } from "./waitlist-export.ts";

async function csv(db: Database["db"], batchSize?: number) {
  let text = "";
  for await (const line of waitlistCsv(db, batchSize)) text += line;
  return text;
}

describe("the waitlist export", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A member as the form would send him, joined through the same service the API uses. */
  async function member(form: { email: string; name: string; interests?: string[] }) {
    const id = randomUUID();
    await database.db.insert(users).values({ id, name: form.name, email: `${id}@accounts.test` });
    return joinWaitlist(database.db, id, { ...joinWaitlistSchema.parse(form), email: normalizeEmail(form.email) });
  }

  it("writes only the header for an empty waitlist", async () => {
    expect(await csv(database.db)).toBe("position,name,email,interests,joined_at\r\n");
  });

  it("lists every member in position order, quoting what a spreadsheet would split or run", async () => {
    const plain = await member({ email: "marcus@example.com", name: "Marcus Reed", interests: ["health", "habits"] });
    await member({ email: "jr@example.com", name: 'Reed, "Junior"' });
    await member({ email: "multi@example.com", name: '=HYPERLINK("http://evil.test","click")' });
    await member({ email: "+1@example.com", name: "@admin", interests: ["finance"] });
    await member({ email: "minus@example.com", name: "-2+3" });

    const lines = (await csv(database.db, 2)).split("\r\n");
    expect(lines).toEqual([
      "position,name,email,interests,joined_at",
      `1,Marcus Reed,marcus@example.com,Building Better Habits; Health & Fitness,${plain.signup.joinedAt}`,
      expect.stringMatching(/^2,"Reed, ""Junior""",jr@example\.com,,\S+Z$/),
      expect.stringMatching(/^3,"'=HYPERLINK\(""http:\/\/evil\.test"",""click""\)",multi@example\.com,,\S+Z$/),
      expect.stringMatching(/^4,'@admin,'\+1@example\.com,Financial Growth,\S+Z$/),
      expect.stringMatching(/^5,'-2\+3,minus@example\.com,,\S+Z$/),
      "",
    ]);
  });
});

describe("one CSV field", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rlf", '"cr\rlf"'],
    ["=1+1", "'=1+1"],
    ["+49 30", "'+49 30"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["=a,b", `"'=a,b"`],
    ["", ""],
  ])("%j becomes %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("leaves numbers as they are", () => {
    expect(csvField(-3)).toBe("-3");
    expect(csvField(12)).toBe("12");
  });
});
