/** Site footer. Owned by the public-site work (tagline, support line, legal links rules). */
export function Footer() {
  return (
    <footer className="border-t border-line px-5 py-8 text-center text-sm text-muted">
      <p>Escape the scroll. Prove yourself.</p>
    </footer>
  );
}
