import { type BadgeId, badgeInfo } from "#shared/community/rules.ts";
import { BadgeIcon } from "./badge-icon.tsx";

/**
 * The badges a member holds, small beside his name on a post. Each is an image named by its title, so a screen reader
 * says "Badges: First milestone, Four-week streak"; the title attribute says the same to a mouse.
 */
export function AuthorBadges({ badges, firstName }: { badges: readonly BadgeId[]; firstName: string }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label={`${firstName}'s badges`} className="flex shrink-0 items-center gap-1">
      {badges.map((id) => (
        <li key={id}>
          <span
            role="img"
            aria-label={badgeInfo[id].title}
            title={badgeInfo[id].title}
            className="grid size-6 place-items-center rounded-full border border-volt/40 bg-volt/10 text-volt"
          >
            <BadgeIcon id={id} className="size-3.5" />
          </span>
        </li>
      ))}
    </ul>
  );
}
