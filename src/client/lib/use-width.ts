import { useEffect, useState } from "react";

/**
 * The width of an element as it is laid out, kept current: the charts draw for the space they have, 360 px or 1280.
 * A callback ref, so an element that appears later (a chart after its empty state) is measured too. Only the observer
 * measures: it reports the first width once the browser lays the page out anyway, where reading it in the effect
 * forced a layout of the whole page inside the commit that finishes hydrating it (about 45 ms of a fast machine's main
 * thread on the insights page, issue 37). Until then the width is 0, as in the server's HTML.
 */
export function useWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}
