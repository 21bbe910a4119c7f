/** SPEC's red box for a request that failed: the message the server (or the form) gives, announced as it appears. */
export function ErrorBox({ message, className = "" }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger ${className}`}>
      {message}
    </p>
  );
}
