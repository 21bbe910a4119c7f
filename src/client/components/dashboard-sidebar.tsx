import { AccountSummary, type DashboardAccount, DashboardMenu, DashboardMenuFooter } from "./dashboard-menu.tsx";

/** The right-hand sidebar of every dashboard page from 768 px up (SPEC.md section 9); phones use the full-screen menu. */
export function DashboardSidebar({ account }: { account: DashboardAccount }) {
  return (
    <aside aria-label="Account" className="hidden w-64 shrink-0 pb-16 md:block lg:w-72">
      <div className="sticky top-6 mt-8 flex max-h-[calc(100dvh-3rem)] flex-col overflow-y-auto rounded-2xl border border-line bg-surface p-4 sm:mt-12">
        <div className="rounded-xl bg-gradient-to-br from-volt/10 to-transparent p-3">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-volt">Welcome back</p>
          <div className="mt-1">
            <AccountSummary account={account} fallbackName="Friend" />
          </div>
        </div>
        <nav aria-label="Dashboard" className="mt-4 flex flex-1 flex-col">
          <DashboardMenu account={account} size="compact" />
          <div className="mt-6 border-t border-line pt-3">
            <DashboardMenuFooter size="compact" />
          </div>
        </nav>
      </div>
    </aside>
  );
}
