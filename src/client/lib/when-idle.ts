/**
 * Runs `work` once the browser is idle, at the latest after `timeoutMs`, and answers how to call it off. For work a
 * screen does not need to answer his first tap (the toasts' container, the time zone check, the service worker):
 * done inside the commit that finishes hydrating a page, it made that long task longer on every signed-in screen
 * (issue 37). Where there is no idle callback (Safari), at once.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== "function") {
    work();
    return () => undefined;
  }
  const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}
