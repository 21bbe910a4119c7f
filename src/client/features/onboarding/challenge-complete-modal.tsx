import { Modal } from "#client/components/modal.tsx";
import { SelfReported } from "#client/components/self-reported.tsx";
import { formatMinutes } from "#shared/minutes.ts";
import type { RunValidation } from "#shared/run-challenge/contracts.ts";
import { minutesShortOfTarget, targetMinutes } from "#shared/run-challenge/rules.ts";
import { shareRun } from "./share.ts";

/**
 * 'Initial Challenge Complete!': Share (a share sheet or the clipboard) or continue without. A run under its target
 * is named as such here too: it counts, and the user is told by how much it fell short (decision 0058).
 */
export function ChallengeCompleteModal({ run, onContinue }: { run: RunValidation | null; onContinue: () => void }) {
  const target = run ? targetMinutes(run.previousMaxDuration) : null;
  const short = run && target !== null ? minutesShortOfTarget(run.todayDuration, target) : 0;
  return (
    <Modal open={run !== null} title="Initial Challenge Complete!" onClose={onContinue}>
      {run && target !== null && short > 0 ? (
        <p className="mt-3 text-muted" data-testid="short-of-target">
          You ran {formatMinutes(run.todayDuration)}, {formatMinutes(short)} short of your {formatMinutes(target)}{" "}
          target. It still counts: you went out alone, with no music and no screen, and you told the truth about it. Now
          let's find out what you are really here to build.
        </p>
      ) : (
        <p className="mt-3 text-muted">
          You did what most people only talk about. Now let's find out what you are really here to build.
        </p>
      )}
      {run && !run.activity ? <SelfReported detail="saved as the minutes you typed" className="mt-4" /> : null}
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" className="btn-primary" onClick={() => shareRun(run?.todayDuration ?? null)}>
          Share
        </button>
        <button type="button" className="btn-secondary px-4 text-sm sm:text-base" onClick={onContinue}>
          Continue Without Sharing
        </button>
      </div>
    </Modal>
  );
}
