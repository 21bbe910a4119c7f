export function FullScreenMessage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-6" role="status" aria-live="polite">
      <p className="text-lg text-muted">{children}</p>
    </div>
  );
}
