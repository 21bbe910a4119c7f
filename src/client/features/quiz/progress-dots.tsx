export function ProgressDots({
  total,
  current,
  done,
}: {
  total: number;
  current: number;
  done: (i: number) => boolean;
}) {
  return (
    <ol className="flex items-center gap-2" aria-label={`Question ${current + 1} of ${total}`}>
      {Array.from({ length: total }, (_, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of positions
          key={i}
          data-testid="progress-dot"
          aria-current={i === current ? "step" : undefined}
          className={[
            "h-2 rounded-full transition-all duration-300",
            i === current ? "w-8 bg-volt" : done(i) ? "w-2 bg-volt/60" : "w-2 bg-line",
          ].join(" ")}
        />
      ))}
    </ol>
  );
}
