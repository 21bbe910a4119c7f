import { useEffect, useId, useRef } from "react";
import { useToastsAbove } from "./toasts.tsx";

type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  /** Extra classes for the panel (width, padding). */
  className?: string;
};

/**
 * A native <dialog> shown with showModal(): the browser gives us the top layer, a focus trap,
 * Escape to close and an inert page behind it, with no focus-management code of our own.
 */
export function Modal({ open, title, onClose, children, className = "" }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useToastsAbove(ref, open);

  // A click on the backdrop lands on the <dialog> element itself: the pointer twin of Escape.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) closeRef.current();
    };
    dialog?.addEventListener("click", onClick);
    return () => dialog?.removeEventListener("click", onClick);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-0 text-text shadow-2xl backdrop:bg-black/75 backdrop:backdrop-blur-sm ${className}`}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="font-display text-3xl uppercase leading-tight tracking-wide">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
