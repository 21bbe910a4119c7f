import { Modal } from "../../components/modal.tsx";
import { shareRun } from "./share.ts";

/** 'Initial Challenge Complete!': Share (a share sheet or the clipboard) or continue without. */
export function ChallengeCompleteModal({
  open,
  todayMinutes,
  onContinue,
}: {
  open: boolean;
  todayMinutes: number | null;
  onContinue: () => void;
}) {
  return (
    <Modal open={open} title="Initial Challenge Complete!" onClose={onContinue}>
      <p className="mt-3 text-muted">
        You did what most people only talk about. Now let's find out what you are really here to build.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" className="btn-primary" onClick={() => shareRun(todayMinutes)}>
          Share
        </button>
        <button type="button" className="btn-secondary px-4" onClick={onContinue}>
          Continue Without Sharing
        </button>
      </div>
    </Modal>
  );
}
