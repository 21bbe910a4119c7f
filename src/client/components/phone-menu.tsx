import { useEffect, useRef } from "react";
import { paths } from "#shared/paths.ts";
import { AccountSummary, type DashboardAccount, DashboardMenu, DashboardMenuFooter } from "./dashboard-menu.tsx";
import { Logo } from "./logo.tsx";
import { MenuIcon } from "./menu-icons.tsx";
import { useToastsAbove } from "./toasts.tsx";

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard's full-screen menu on phones: a modal <dialog>, so the page behind is inert and Escape closes it.
 * Tab is wrapped by hand as well: a modal dialog lets focus leave for the browser's own controls, and on a phone
 * menu that reads as focus escaping.
 */
export function PhoneMenu({
  id,
  open,
  account,
  onClose,
}: {
  id: string;
  open: boolean;
  account: DashboardAccount;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // The page behind would otherwise scroll under the menu.
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open]);
  useToastsAbove(ref, open);

  function wrapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      id={id}
      aria-label="Menu"
      onKeyDown={wrapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-ink p-0 text-text backdrop:bg-ink md:hidden"
    >
      {open && (
        <div className="flex min-h-full flex-col px-5 pb-8">
          {/* The bar of the page it covers, with the close button where the menu button was. */}
          <div className="flex h-16 shrink-0 items-center justify-between gap-3">
            <Logo to={paths.dashboard} onClick={onClose} />
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-text transition hover:bg-surface-2"
            >
              <MenuIcon name="close" className="size-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <div className="mt-2 rounded-2xl bg-gradient-to-br from-volt/10 to-transparent p-4">
            <AccountSummary account={account} fallbackName="Username" />
          </div>
          <nav aria-label="Dashboard" className="flex flex-1 flex-col pt-4">
            <DashboardMenu account={account} size="large" onNavigate={onClose} />
            <div className="mt-auto border-t border-line pt-4">
              <DashboardMenuFooter size="large" onNavigate={onClose} />
            </div>
          </nav>
        </div>
      )}
    </dialog>
  );
}
