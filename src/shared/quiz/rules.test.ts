import { describe, expect, it } from "vitest";
import { isAnswerFilled, stripTags } from "./rules.ts";

describe("stripTags (issue 16: real tags only)", () => {
  it("keeps text that merely contains angle brackets", () => {
    expect(stripTags("I <3 running")).toBe("I <3 running");
    expect(stripTags("a < b and c > d")).toBe("a < b and c > d");
    expect(stripTags("5<6 and 7>3")).toBe("5<6 and 7>3");
    expect(stripTags("-> go <-")).toBe("-> go <-");
    expect(stripTags("ends with <")).toBe("ends with <");
  });

  it("removes real tags and keeps the words between them", () => {
    expect(stripTags("I <b>really</b> want it")).toBe("I really want it");
    expect(stripTags('<a href="x" onclick="y">link</a>')).toBe("link");
    expect(stripTags("line<br/>break<br />")).toBe("linebreak");
    expect(stripTags("<script>alert(1)</script>")).toBe("alert(1)");
    expect(stripTags('<img src=x onerror="alert(1)">')).toBe("");
  });

  it("removes comments, doctype and nested or split tags", () => {
    expect(stripTags("a<!-- hidden -->b")).toBe("ab");
    expect(stripTags("a<!-- never closed")).toBe("a");
    expect(stripTags("<!DOCTYPE html>text")).toBe("text");
    expect(stripTags("<div><p><em>deep</em></p></div>")).toBe("deep");
    expect(stripTags("<scr<b>ipt>alert(1)</scr</b>ipt>")).toBe("alert(1)");
    expect(stripTags("<<b>b>bold")).toBe("bold");
  });

  it("leaves an unclosed tag start as text (it is escaped on display and cannot open an element)", () => {
    expect(stripTags("I <b>really")).toBe("I really");
    expect(stripTags("x <b")).toBe("x <b");
  });

  it("tag-only answers are blank", () => {
    expect(isAnswerFilled("<b></b> <br>")).toBe(false);
    expect(isAnswerFilled("<3")).toBe(true);
  });
});
