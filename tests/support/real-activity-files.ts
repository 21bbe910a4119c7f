import { readFileSync } from "node:fs";
import type { ProofErrorCode } from "#shared/proof/contracts.ts";

/**
 * The real activity files of tests/fixtures/activity/real (issue 38): each with its source, licence and the totals it
 * states, listed in corpus.json (SOURCES.md says the same for people).
 */
export type RealActivityFile = {
  file: string;
  maker: string;
  device: string | null;
  app: string | null;
  sport: string;
  source: { repo: string; path: string; commit: string };
  licence: string;
  features: string[];
  /** How a run proof answers it: accepted, or the code it is refused with. */
  expect: "accepted" | ProofErrorCode;
  bytes: number;
  /** The first recorded time; null for a file with none readable. */
  startedAt: string | null;
  /** The device's own totals as the file states them (FIT session, TCX laps); null for a GPX. */
  stated: { from: string; distanceMeters: number; timerSeconds: number; ascentMeters?: number } | null;
  /** Another file of the same run whose stated totals a GPX is checked against. */
  twin?: string;
};

const DIR = new URL("../fixtures/activity/real/", import.meta.url);

export const realActivityFiles: RealActivityFile[] = JSON.parse(readFileSync(new URL("corpus.json", DIR), "utf8"));

export function realActivityFile(name: string): { entry: RealActivityFile; bytes: Uint8Array } {
  const entry = realActivityFiles.find((candidate) => candidate.file === name);
  if (!entry) throw new Error(`${name} is not in the corpus`);
  return { entry, bytes: new Uint8Array(readFileSync(new URL(name, DIR))) };
}
