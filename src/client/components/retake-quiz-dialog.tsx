import { Modal } from "./modal.tsx";

/** The warning before a retake (results screen and Insights): a new plan replaces this one, and it costs a token. */
export function RetakeQuizDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} title="Retake the quiz?" onClose={onClose}>
      <p className="mt-3 text-muted">
        Your answers are analysed again and a new plan replaces this one, including the challenges you accepted. On the
        free plan a retake uses 1 token.
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" className="btn-secondary flex-1" onClick={onClose}>
          No
        </button>
        <button type="button" className="btn-primary flex-1" onClick={onConfirm}>
          Yes
        </button>
      </div>
    </Modal>
  );
}
