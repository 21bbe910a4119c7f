import { bodyThreadIndex } from "#server/services/ai/body-thread.ts";
import type { WrittenPlan } from "#server/services/ai/offline/write-plan.ts";

/**
 * What a reader notices across many men's plans (issue 54), measured the same way by the corpus test and by
 * `npm run plan:sample -- --check`: the sentence frames several plans share, and whether each plan carries his body.
 */

const STOP = new Set(
  "the and but for with that this from have what when then than they them their there just like very really some been into about your you are was were will would could should also only even much more most not nothing idk same".split(
    " ",
  ),
);

/** His content words: what the frame masks out, so that only what we wrote remains. */
export function ownWords(texts: string[]): Set<string> {
  return new Set(texts.flatMap((t) => (t.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !STOP.has(w))));
}

export function planFields(plan: WrittenPlan): Array<{ key: string; text: string }> {
  return [
    ...Object.entries(plan.mission).map(([k, v]) => ({ key: `mission.${k}`, text: v })),
    ...plan.challenges.flatMap((c, i) => Object.entries(c).map(([k, v]) => ({ key: `challenge${i}.${k}`, text: v }))),
    ...plan.milestones.flatMap((m, i) => Object.entries(m).map(([k, v]) => ({ key: `milestone${i}.${k}`, text: v }))),
  ];
}

/** Fewer words of ours than this, and the sentence is his, not a frame. */
const MIN_FRAME_WORDS = 4;

/**
 * The frames of one plan: each sentence we wrote with his words, quotes and numbers masked. The third-person copy
 * of the life mission is the life mission again, so it is left out.
 */
export function framesOf(plan: WrittenPlan, own: Set<string>): Set<string> {
  const frames = new Set<string>();
  for (const field of planFields(plan)) {
    if (field.key === "mission.life_mission_for_others") continue;
    const sentences = field.text.replace(/“[^”]*”/g, "“”").split(/(?<=[.!?:;—])\s+/);
    for (const sentence of sentences) {
      const masked = sentence
        .toLowerCase()
        .replace(/\p{L}+/gu, (w) => (own.has(w) || /^(your|my|you|i)$/.test(w) ? "_" : w))
        .replace(/\d+([.,]\d+)?/g, "#")
        .replace(/(_[\s,]*)+/g, "_ ")
        .trim();
      const ours = masked.match(/\p{L}+/gu)?.length ?? 0;
      if (ours >= MIN_FRAME_WORDS) frames.add(masked);
    }
  }
  return frames;
}

/** Frames found in more than `limit` plans, with the ids of those plans, most shared first. */
export function sharedFrames(
  plans: Array<{ id: string; frames: Set<string> }>,
  limit = 2,
): Array<{ frame: string; ids: string[] }> {
  const where = new Map<string, string[]>();
  for (const { id, frames } of plans) for (const f of frames) where.set(f, [...(where.get(f) ?? []), id]);
  return [...where.entries()]
    .filter(([, ids]) => ids.length > limit)
    .map(([frame, ids]) => ({ frame, ids }))
    .sort((a, b) => b.ids.length - a.ids.length);
}

/** Figures in a text (minutes and kilometres), for "each milestone asks more than the last". */
export function bodyAmounts(text: string): { minutes: number[]; km: number[] } {
  const minutes = [...text.matchAll(/\b(\d+)(?:[- ]?min(?:ute)?s?\b)/gi)].map((m) => Number(m[1]));
  const km = [...text.matchAll(/\b(\d+(?:\.\d+)?) ?km\b/gi)].map((m) => Number(m[1]));
  return { minutes, km };
}

export function hasBodyThread(plan: WrittenPlan): boolean {
  return bodyThreadIndex(plan.milestones) >= 0;
}
