export function FullScreenMessage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-6" role="status" aria-live="polite">
      {/* The root's HydrateFallback may change these words before the scripts run (a partner's page). */}
      <p className="text-lg text-muted" suppressHydrationWarning>
        {children}
      </p>
    </div>
  );
}

/** SPEC.md section 2: what every screen shows while the session loads. */
export function SessionPending() {
  return <FullScreenMessage>Getting your account ready...</FullScreenMessage>;
}
