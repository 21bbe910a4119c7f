import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

type Tab = { id: string; label: string; panel: ReactNode };

/**
 * WAI-ARIA tabs with automatic activation: Left/Right move between the tabs (and wrap), Home/End jump to the first
 * and last; only the selected tab is in the Tab order, and Tab from it goes into its panel.
 */
export function PreviewTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();

  function select(index: number) {
    setSelected(index);
    refs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 rounded-full border border-line bg-surface p-1"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
            className={`min-h-11 flex-1 cursor-pointer rounded-full px-3 text-[0.8rem] font-bold uppercase tracking-wide transition sm:px-4 sm:text-sm sm:tracking-wider ${
              index === selected ? "bg-volt text-ink" : "text-muted hover:bg-surface-2 hover:text-text"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={index !== selected}
          className="mt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
