/** A small volt ring; pair it with visible text so the state is announced, not just drawn. */
export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-volt/25 border-t-volt ${className}`}
    />
  );
}
