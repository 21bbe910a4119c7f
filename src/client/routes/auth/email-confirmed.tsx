import { EmailConfirmation } from "#client/features/auth/email-confirmation.tsx";
import { config } from "#client/lib/config.ts";

export function meta() {
  return [{ title: `Email confirmation — ${config.appName}` }];
}

export default function EmailConfirmed() {
  return (
    <main className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-5 py-12">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_22rem_at_50%_0%,rgb(200_255_46/0.12),transparent_65%)]"
      />
      <div className="card w-full max-w-lg p-6 sm:p-10">
        <EmailConfirmation />
      </div>
    </main>
  );
}
