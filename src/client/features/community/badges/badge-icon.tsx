import { GlyphIcon } from "#client/components/menu-icons.tsx";
import type { BadgeId } from "#shared/community/rules.ts";

/** One line drawing per badge (24-unit grid, stroke in the text colour). Decorative: the badge's title names it. */
const badgeGlyphs: Record<BadgeId, string> = {
  // A bolt: the run that started it.
  "first-run": "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  // A flag planted.
  "first-milestone": "M6 21V4m0 0h11l-2.5 4L17 12H6",
  // Steps going up.
  "five-milestones": "M4 20h16M6 20v-5h3v5m2 0V10h3v10m2 0V5h3v15",
  // A trophy.
  "challenge-finished": "M8 4h8v5a4 4 0 0 1-8 0V4Zm0 1.5H5A3 3 0 0 0 8 10m8-4.5h3a3 3 0 0 1-3 4.5M12 13v4m-4 3h8",
  // A flame.
  "streak-4":
    "M12 21c-3.9 0-7-2.8-7-6.6 0-3.2 2.2-5.1 3.6-7.1.6 1.6 1.7 2.6 2.9 3C11.5 7 12.6 4.6 15 3c0 3.4 4 5.7 4 11.4 0 3.8-3.1 6.6-7 6.6Z",
  // A calendar with a tick: weeks kept until it is a habit.
  "streak-12": "M4 6h16v14H4V6Zm0 4h16M8 3v5m8-5v5m-7 7 2 2 4-4",
};

export function BadgeIcon({ id, className = "size-4" }: { id: BadgeId; className?: string }) {
  return <GlyphIcon d={badgeGlyphs[id]} className={className} strokeWidth={2} />;
}
