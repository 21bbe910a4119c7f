import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that take ten seconds or more whatever the machine: they spawn processes, or wait on a paced model. */
const slow = [
  /\/scripts\/[^/]+\.test\.ts$/,
  /\.process\.test\.ts$/,
  /\/model-path\.test\.ts$/,
  /\/generated-client\.test\.ts$/,
];

/**
 * Vitest's order, with the slow files first. On a fresh clone Vitest has no timings of its own and queues project by
 * project in name order, so the unit project's command tests (10–30 s each) came last and ran alone while the other
 * workers had finished: a tail of half a minute in CI (decision 0132).
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isSlow = (file: TestSpecification) => slow.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(isSlow), ...sorted.filter((file) => !isSlow(file))];
  }
}
