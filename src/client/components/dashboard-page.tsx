/** The column of a dashboard section: an eyebrow, the title, an optional lead, then the section's content. */
export function DashboardPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-5 pt-8 pb-16 sm:pt-12">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-2 font-display text-4xl uppercase leading-none tracking-wide sm:text-5xl">{title}</h1>
      {intro ? <div className="mt-3 max-w-prose text-muted">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </main>
  );
}
