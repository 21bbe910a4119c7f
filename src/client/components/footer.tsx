import { Link, useLocation } from "react-router";
import { isDashboardPath, isLegalPath, paths } from "#shared/paths.ts";
import { config } from "../lib/config.ts";

const LEGAL_LINKS = [
  { to: paths.legalNotice, label: "Legal Notice" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
  { to: paths.termsOfService, label: "Terms of Service" },
  { to: paths.doNotSell, label: "Do Not Sell My Info" },
] as const;

const FIRST_YEAR = 2025;

/** Paths match case-insensitively, with or without a trailing slash. */
function normalize(pathname: string) {
  return pathname.toLowerCase().replace(/\/$/, "");
}

/**
 * SPEC.md section 2: '© 2025', the tagline, the support line on non-legal pages, and legal
 * links only on legal pages and under /dashboard. "Cookie settings" is on every page so a
 * visitor can always change the choice he made in the banner.
 */
export function Footer() {
  const { pathname } = useLocation();
  const legal = isLegalPath(normalize(pathname));
  const showLegalLinks = legal || isDashboardPath(pathname);
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-ink">
      <div className="page-container flex flex-col gap-6 py-10 text-sm text-muted sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <p className="font-display text-xl uppercase tracking-wider text-text">{config.appName}</p>
          <p className="font-semibold text-text/90">Escape the scroll. Prove yourself.</p>
          {!legal && (
            <p>
              Questions or trouble? Write to{" "}
              <a
                className="font-medium text-volt underline-offset-4 hover:underline"
                href={`mailto:${config.supportEmail}`}
              >
                {config.supportEmail}
              </a>
            </p>
          )}
        </div>
        <nav aria-label="Legal and privacy" className="sm:text-right">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 sm:justify-end">
            {showLegalLinks &&
              LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-block py-2 hover:text-text">
                    {link.label}
                  </Link>
                </li>
              ))}
            <li>
              <Link to={paths.cookieBanner} className="inline-block py-2 hover:text-text">
                Cookie settings
              </Link>
            </li>
          </ul>
          <p className="mt-2" suppressHydrationWarning>
            © {year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : FIRST_YEAR} {config.appName}
          </p>
        </nav>
      </div>
    </footer>
  );
}
