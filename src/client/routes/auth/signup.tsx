import { AuthShell } from "#client/features/auth/auth-shell.tsx";
import { SignupForm } from "#client/features/auth/signup-form.tsx";
import { config } from "#client/lib/config.ts";

export function meta() {
  return [{ title: `Sign up — ${config.appName}` }];
}

const PERKS = ["Free beta access", "No credit card required", "Lifetime early access benefits"];

function Perks() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1" aria-label="What you get">
      {PERKS.map((perk) => (
        <li key={perk} className="flex items-center gap-3 rounded-xl border border-line bg-surface-2/60 px-4 py-3">
          <span
            aria-hidden="true"
            className="grid size-6 shrink-0 place-items-center rounded-full bg-volt text-xs font-black text-ink"
          >
            ✓
          </span>
          <span className="font-semibold">{perk}</span>
        </li>
      ))}
    </ul>
  );
}

export default function Signup() {
  return (
    <AuthShell
      badge="Community Access"
      title="Create a free account to accept your first challenge"
      intro={<p>One account, one challenge, 24 hours. Put the phone down and prove it to yourself.</p>}
      aside={<Perks />}
    >
      <SignupForm />
    </AuthShell>
  );
}
