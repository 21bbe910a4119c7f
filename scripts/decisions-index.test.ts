import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decisionsDir, readDecision, readDecisions, renderIndex } from "./decisions-index.ts";

describe("the index of decisions (issue 39)", () => {
  it("lists every record with its status, and is up to date (npm run decisions:index writes it)", () => {
    const { decisions, problems } = readDecisions();
    expect(problems).toEqual([]);
    expect(readFileSync(join(decisionsDir, "README.md"), "utf8")).toBe(renderIndex(decisions));
  });

  it("reads who changed a record and what it changes, never a date", () => {
    const record = (status: string) => `# 0012 — No enumeration\n\n- Status: ${status}\n- Date: 2026-11-21\n`;
    expect(
      readDecision("0012-no-enumeration.md", record("Accepted; superseded by 0063 for sign-up and 0101 (2026-11-22)")),
    ).toMatchObject({ state: "partly superseded", supersededBy: ["0063", "0101"], supersedes: [] });
    expect(readDecision("0012-no-enumeration.md", record("Accepted (issue 13; updates 0095 and 0096)"))).toMatchObject({
      state: "accepted",
      supersededBy: [],
      supersedes: ["0095", "0096"],
    });
    expect(readDecision("0012-no-enumeration.md", record("Superseded by 0130"))).toMatchObject({ state: "superseded" });
  });

  it("refuses a record without its number in the title, without a status, or changing one that does not say so", () => {
    expect(readDecision("0012-x.md", "# No number\n\n- Status: Accepted\n")).toMatch(/first heading/);
    expect(readDecision("0012-x.md", "# 0012 — Title\n\nNo status here.\n")).toMatch(/Status/);
    expect(readDecision("12-x.md", "# 0012 — Title\n")).toMatch(/NNNN/);

    const dir = mkdtempSync(join(tmpdir(), "unscroll-decisions-"));
    try {
      writeFileSync(join(dir, "0001-old.md"), "# 0001 — Old\n\n- Status: Accepted\n");
      writeFileSync(join(dir, "0002-new.md"), "# 0002 — New\n\n- Status: Accepted; supersedes 0001's second bullet\n");
      writeFileSync(join(dir, "0003-other.md"), "# 0003 — Other\n\n- Status: Accepted; see 0009\n");
      expect(readDecisions(dir).problems).toEqual([
        "0001-old.md: 0002 changes it, but its status does not name 0002",
        "0003-other.md: its status names decision 0009, which does not exist",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
