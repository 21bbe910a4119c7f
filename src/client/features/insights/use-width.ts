import { useLayoutEffect, useState } from "react";

/**
 * The width of an element as it is laid out, kept current: the charts draw for the space they have, 360 px or 1280.
 * A callback ref, so an element that appears later (a chart after its empty state) is measured too.
 */
export function useWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}
