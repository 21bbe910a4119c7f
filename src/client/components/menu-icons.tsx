/**
 * Line icons of the dashboard menus and the community preview (24-unit grid, stroke drawn in the text colour).
 * Decorative: labels carry the meaning.
 */
const icons = {
  dashboard: "M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9",
  insights: "M4 4v16h16M8 15l3.5-4 3 2.5L20 7",
  community:
    "M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm10 9v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7",
  profile: "M19 20v-1.5a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4V20M12 11.5a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
  premium: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.6-11.5a2.7 2.7 0 0 1 5.2.9c0 1.8-2.6 2.4-2.6 3.9M12 17.2h.01",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
  logout: "M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  cheer:
    "M12 21c-3.9 0-7-2.8-7-6.6 0-3.2 2.2-5.1 3.6-7.1.6 1.6 1.7 2.6 2.9 3C11.5 7 12.6 4.6 15 3c0 3.4 4 5.7 4 11.4 0 3.8-3.1 6.6-7 6.6Z",
  reply:
    "M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9Z",
} as const;

export type IconName = keyof typeof icons;

/** A 24-unit line icon drawn from one path, in the text's colour; decorative (the button or label names it). */
export function GlyphIcon({ d, className, strokeWidth = 1.8 }: { d: string; className: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      <path d={d} />
    </svg>
  );
}

export function MenuIcon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return <GlyphIcon d={icons[name]} className={className} />;
}
