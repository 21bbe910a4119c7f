import type { ReactNode } from "react";

/**
 * Frame of the account screens: on phones one column (pitch, then the form card); from
 * lg up the pitch sits beside the form.
 */
export function AuthShell({
  badge,
  title,
  intro,
  aside,
  children,
}: {
  badge: string;
  title: string;
  intro?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_24rem_at_90%_-10%,rgb(200_255_46/0.12),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-5 py-8 sm:py-14 lg:grid-cols-[1fr_minmax(0,28rem)] lg:items-center lg:gap-16 lg:py-20">
        <section>
          <p className="inline-flex items-center gap-2 rounded-full border border-volt/40 bg-volt/10 px-3 py-1 text-xs font-bold uppercase tracking-[0.2em] text-volt">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-volt" />
            {badge}
          </p>
          <h1 className="mt-4 font-display text-4xl uppercase leading-[1.05] tracking-wide sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          {intro ? <div className="mt-4 max-w-prose text-muted">{intro}</div> : null}
          {aside ? <div className="mt-6 hidden lg:block">{aside}</div> : null}
        </section>
        <div>
          <div className="card p-6 shadow-[0_30px_80px_-40px_rgb(200_255_46/0.35)] sm:p-8">{children}</div>
          {aside ? <div className="mt-6 lg:hidden">{aside}</div> : null}
        </div>
      </div>
    </main>
  );
}

/** Message of a whole form: an error (role alert) or a confirmation (role status). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm text-success">
      {children}
    </p>
  );
}
