import { UNLIMITED_TOKENS } from "#shared/billing/plans.ts";

type Tokens = { remaining: number; unlimited: boolean };

/** SPEC.md section 2: ∞ for premium or an unlimited balance, else 'N tokens remaining', never below 0. */
function tokenLabel(tokens: Tokens): string {
  if (isUnlimited(tokens)) return "Unlimited tokens (Premium)";
  const n = Math.max(0, tokens.remaining);
  return `${n} ${n === 1 ? "token" : "tokens"} remaining`;
}

export function isUnlimited(tokens: Tokens): boolean {
  return tokens.unlimited || tokens.remaining === UNLIMITED_TOKENS;
}

/** The balance wherever it appears (sidebar, phone menu, dashboard); updates with the dashboard query's cache. */
export function TokenDisplay({ tokens, className = "" }: { tokens: Tokens; className?: string }) {
  if (isUnlimited(tokens)) {
    return (
      <span className={className} title={tokenLabel(tokens)}>
        <span aria-hidden="true">∞</span>
        <span className="sr-only">{tokenLabel(tokens)}</span>
      </span>
    );
  }
  return <span className={className}>{tokenLabel(tokens)}</span>;
}
