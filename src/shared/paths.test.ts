import { describe, expect, it } from "vitest";
import { isPrerenderedPath, isServerRenderedPath, partnerViewPath } from "./paths.ts";

describe("the pages the server renders with their data (decision 0139)", () => {
  it("are the dashboard, its sections and a partner's page, in any casing, with or without a trailing slash", () => {
    for (const path of [
      "/dashboard",
      "/Dashboard/",
      "/dashboard/results",
      "/dashboard/unknown",
      partnerViewPath("a b"),
    ]) {
      expect(isServerRenderedPath(path), path).toBe(true);
    }
    expect(isServerRenderedPath("/PARTNER/VIEW/abc/")).toBe(true);
  });

  it("are not the onboarding, the quiz, a partner's other pages or look-alikes", () => {
    for (const path of [
      "/",
      "/quiz",
      "/dashboards",
      "/partner/view",
      "/partner/view/abc/more",
      "/partner/unsubscribe",
    ]) {
      expect(isServerRenderedPath(path), path).toBe(false);
    }
  });
});

describe("the pre-rendered pages", () => {
  it("are found with or without a trailing slash, and nothing else is", () => {
    expect(isPrerenderedPath("/")).toBe(true);
    expect(isPrerenderedPath("/ChallengePage/")).toBe(true);
    expect(isPrerenderedPath("/partner/cheer")).toBe(true);
    expect(isPrerenderedPath("/dashboard")).toBe(false);
    expect(isPrerenderedPath("/ChallengePage/more")).toBe(false);
  });
});
