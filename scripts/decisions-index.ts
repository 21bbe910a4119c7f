import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/*
 * `npm run decisions:index`: writes docs/decisions/README.md, the index of the decision records: number, title, status
 * and what superseded them, read from each record's first lines. A test (decisions-index.test.ts) fails when the
 * index is out of date or a record breaks the rules below, so the index is never edited by hand.
 */

export const decisionsDir = resolve(import.meta.dirname, "..", "docs", "decisions");
const INDEX = "README.md";

export type Decision = {
  file: string;
  number: string;
  title: string;
  /** The status line as written, after "- Status: ". */
  status: string;
  /** "accepted", "partly superseded" (some of it replaced, named in the status) or "superseded" (all of it). */
  state: "accepted" | "partly superseded" | "superseded";
  /** The decisions its status says replaced or changed it, in full or in part. */
  supersededBy: string[];
  /** The decisions its status says it changes (supersedes, updates, extends or replaces a part of). */
  supersedes: string[];
};

/** What is wrong with one record's first lines, or its reading. */
export function readDecision(file: string, text: string): Decision | string {
  const number = /^(\d{4})-[a-z0-9-]+\.md$/.exec(file)?.[1];
  if (!number) return `${file}: the name must be NNNN-words-in-lower-case.md`;
  const title = new RegExp(`^# ${number} — (.+)$`, "m").exec(text)?.[1]?.trim();
  if (!title) return `${file}: the first heading must be "# ${number} — <title>"`;
  const status = /^- Status: (.+)$/m.exec(text)?.[1]?.trim();
  if (!status) return `${file}: no "- Status: …" line`;
  if (!/^(Accepted|Superseded)\b/.test(status)) return `${file}: the status must start with Accepted or Superseded`;
  // Every other record the status names (never a date): "supersedes / updates / extends / replaces N" is one this
  // record changes; any other mention ("superseded by N", "see N", "since decision N") one that changed this one.
  const supersedes: string[] = [];
  const supersededBy: string[] = [];
  const add = (list: string[], other: string) => {
    if (other !== number && !list.includes(other)) list.push(other);
  };
  const changing = /\b(?:supersedes|updates|extends|replaces)\s+((?:\d{4}(?:'s)?(?:\s*(?:,|and)\s*)?)+)/gi;
  for (const match of status.matchAll(changing)) for (const n of match[1]?.match(/\d{4}/g) ?? []) add(supersedes, n);
  for (const match of status.replace(changing, "").matchAll(/\b(\d{4})\b(?!-)/g)) add(supersededBy, match[1] as string);
  const state = status.startsWith("Superseded")
    ? "superseded"
    : supersededBy.length > 0
      ? "partly superseded"
      : "accepted";
  return { file, number, title, status, state, supersededBy, supersedes };
}

export function readDecisions(dir = decisionsDir): { decisions: Decision[]; problems: string[] } {
  const decisions: Decision[] = [];
  const problems: string[] = [];
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".md") && file !== INDEX)
    .sort();
  for (const file of files) {
    const read = readDecision(file, readFileSync(join(dir, file), "utf8"));
    if (typeof read === "string") problems.push(read);
    else decisions.push(read);
  }
  const numbers = new Set<string>();
  for (const decision of decisions) {
    if (numbers.has(decision.number)) problems.push(`${decision.file}: number ${decision.number} is used twice`);
    numbers.add(decision.number);
  }
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  for (const decision of decisions) {
    for (const other of [...decision.supersededBy, ...decision.supersedes]) {
      if (!numbers.has(other))
        problems.push(`${decision.file}: its status names decision ${other}, which does not exist`);
    }
    // Both sides say it: the older record, read alone, must not look current where it is not.
    for (const older of decision.supersedes) {
      const marked = byNumber.get(older);
      if (marked && !marked.supersededBy.includes(decision.number)) {
        problems.push(`${marked.file}: ${decision.number} changes it, but its status does not name ${decision.number}`);
      }
    }
  }
  return { decisions, problems };
}

const STATE_WORDS = {
  accepted: "accepted",
  "partly superseded": "accepted, partly superseded",
  superseded: "superseded",
};

export function renderIndex(decisions: readonly Decision[]): string {
  const rows = decisions.map((d) => {
    const by = d.supersededBy.length > 0 ? ` by ${d.supersededBy.join(", ")}` : "";
    const replaces = d.supersedes.length > 0 ? `; changes ${d.supersedes.join(", ")}` : "";
    return `| [${d.number}](${d.file}) | ${d.title.replaceAll("|", "\\|")} | ${STATE_WORDS[d.state]}${by}${replaces} |`;
  });
  const counts = (state: Decision["state"]) => decisions.filter((d) => d.state === state).length;
  return [
    "# Decisions",
    "",
    "Why the code is the way it is, one record per decision, numbered in the order they were taken (numbers were",
    "reserved in blocks early on, so some are unused). A later record that changes an earlier one says so in the",
    "earlier one's status line. Written by `npm run decisions:index`; a test fails when it is out of date.",
    "",
    `${decisions.length} records: ${counts("accepted")} accepted, ${counts("partly superseded")} accepted with a part superseded, ${counts("superseded")} superseded.`,
    "",
    "| # | decision | status |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { decisions, problems } = readDecisions();
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  writeFileSync(join(decisionsDir, INDEX), renderIndex(decisions));
  console.log(`Wrote docs/decisions/${INDEX}: ${decisions.length} decisions.`);
}
