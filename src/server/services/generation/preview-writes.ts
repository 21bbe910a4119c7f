/**
 * The part of a generation written so far, kept as each piece completes (issue 28): one write at a time and in
 * order, a value equal to the last one skipped, a failed write only logged (the finished answer is what counts).
 * `settled` resolves once the last write is done, before the result is stored or the run is ended.
 */
export function previewWrites<T>(save: (value: T) => Promise<unknown>, onError: (err: unknown) => void) {
  let last = "";
  let queue: Promise<unknown> = Promise.resolve();
  return {
    write(value: T) {
      const json = JSON.stringify(value);
      if (json === last) return;
      last = json;
      queue = queue.then(() => save(value)).catch(onError);
    },
    settled: () => queue,
  };
}
