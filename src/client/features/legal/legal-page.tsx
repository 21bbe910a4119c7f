import { LEGAL_TEXTS_UPDATED } from "#shared/legal/terms.ts";

const updated = new Date(`${LEGAL_TEXTS_UPDATED}T12:00:00Z`).toLocaleDateString("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Frame of every legal page: a title, the date the text took effect, readable long-form text. */
export function LegalPage({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <main className="page-container max-w-3xl py-12 sm:py-20">
      <p className="eyebrow">Legal</p>
      <h1 className="mt-3 font-display text-title uppercase">{title}</h1>
      <p className="mt-3 text-sm text-muted">Last updated {updated}</p>
      {intro && <p className="mt-6 text-lead text-text/90">{intro}</p>}
      <div className="prose-page mt-4">{children}</div>
    </main>
  );
}

/** The operator's postal address; LEGAL_ADDRESS may separate lines with commas or newlines. */
export function OperatorAddress({ name, address }: { name: string; address: string }) {
  const lines = address
    .split(/\n|,/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <address>
      <strong>{name}</strong>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
