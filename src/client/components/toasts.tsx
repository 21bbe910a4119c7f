import { type RefObject, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { ToastContainer } from "react-toastify/unstyled";
import { whenIdle } from "#client/lib/when-idle.ts";

/**
 * The app's toasts, shown above an open modal dialog (issue 35: the "copied" toast showed dimmed behind the share
 * modal). A dialog opened with showModal() is in the browser's top layer and makes the page behind it inert: a toast
 * rendered in the page sat under the dialog's backdrop, could not be hovered or closed, and screen readers never heard
 * it. No z-index reaches above the top layer, so the toasts are rendered into one element that moves into the modal
 * that is open, and back to the page when it closes. React renders into that element wherever it is, so a toast shown
 * just before a dialog opens or closes survives the move (a container mounted per dialog would drop it).
 */
let layer: HTMLDivElement | undefined;
const openModals: HTMLDialogElement[] = [];

function toastLayer() {
  layer ??= document.createElement("div");
  return layer;
}

function placeToasts() {
  const host = openModals.at(-1) ?? document.body;
  const element = toastLayer();
  if (element.parentNode !== host) host.append(element);
}

/**
 * SPEC.md section 2: top-right, dark, closed after 6 seconds, paused on hover. Mounted once the browser is idle after
 * the page's first load, not in the work of hydrating it (issue 37): a toast asked for before then waits in
 * react-toastify's queue and shows as the container mounts, within a second.
 */
export function Toasts() {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = toastLayer();
    const mount = () => {
      placeToasts();
      setHost(element);
    };
    const cancel = whenIdle(mount, 1_000);
    return () => {
      cancel();
      element.remove();
    };
  }, []);
  if (!host) return null;
  return createPortal(<ToastContainer position="top-right" theme="dark" autoClose={6000} pauseOnHover />, host);
}

/** Keeps the toasts inside `dialog` while it is open as a modal; the last one opened holds them. */
export function useToastsAbove(dialog: RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    openModals.push(element);
    placeToasts();
    return () => {
      const at = openModals.lastIndexOf(element);
      if (at >= 0) openModals.splice(at, 1);
      placeToasts();
    };
  }, [dialog, open]);
}
