/** An honest stand-in for a screen that a later issue builds. */
export function PlaceholderScreen({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-5 py-16">
      <h1 className="font-display text-4xl uppercase tracking-wide">{title}</h1>
      <p className="mt-4 text-muted">This screen is being built.</p>
      {children}
    </main>
  );
}
