import { type ReactNode, useState } from "react";
import { FileDrop } from "#client/components/file-drop.tsx";
import { Modal } from "#client/components/modal.tsx";
import { ProofView } from "#client/components/proof-view.tsx";
import { Spinner } from "#client/components/spinner.tsx";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import { PROOF_FILE_MAX_BYTES, PROOF_FILE_MAX_MB, proofMessages } from "#shared/proof/rules.ts";
import { isProofMismatch, useAttachProof, useRemoveProof } from "./api/milestone-proof.ts";
import { shouldShrink, shrinkPhoto } from "./shrink-photo.ts";

// A photo of any size: a large one is made smaller here first (issue 35 row 15).
const hint = `A GPX, TCX or FIT file from your watch or app (up to ${PROOF_FILE_MAX_MB} MB), or a photo`;

/**
 * Proof of a milestone (issue 26): an activity file or a photo, uploaded as soon as it is chosen. The proof shows on
 * the card and on his partner's page; a new file replaces it, and it can be removed.
 */
export function MilestoneProof({
  milestoneId,
  proof,
  label,
  locked,
  extra,
}: {
  milestoneId: string;
  proof: ProofSummary | null;
  label: string;
  locked: boolean;
  /** Another way to prove it, under the proof (a running milestone's "Connect with Strava", issue 56). */
  extra?: ReactNode;
}) {
  const attach = useAttachProof(milestoneId);
  const remove = useRemoveProof(milestoneId);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  // The file the server asked about (an activity for a milestone not about moving) and its question, until he answers.
  const [mismatch, setMismatch] = useState<{ file: File; question: string } | null>(null);

  const send = async (file: File, confirmMismatch = false) => {
    try {
      await attach.mutateAsync({ file, confirmMismatch });
      setOpen(false);
    } catch (err) {
      if (isProofMismatch(err)) return setMismatch({ file, question: err.message });
      setError(err instanceof Error ? err.message : proofMessages.uploadFailed);
    }
  };

  const upload = async (chosen: File | null) => {
    setError(null);
    if (!chosen) return;
    let file = chosen;
    try {
      if (shouldShrink(chosen)) {
        setShrinking(true);
        const smaller = await shrinkPhoto(chosen);
        // Not decodable here (HEIC outside Safari): the original goes as it is, and the server decodes it if it may.
        if (smaller && smaller.size < chosen.size) file = smaller;
      }
      // Refused here as the server would, without sending 10 MB over a phone's connection first.
      if (file.size > PROOF_FILE_MAX_BYTES) return setError(proofMessages.tooLarge);
      await send(file);
    } catch (err) {
      setError(err instanceof Error ? err.message : proofMessages.uploadFailed);
    } finally {
      // Only now: cleared before the upload's own pending state shows, the drop zone would flash in between.
      setShrinking(false);
    }
  };

  if (locked && !proof) return null;
  return (
    <section aria-label={`Proof of the ${label}`} className="mt-4" data-testid="milestone-proof">
      {proof && (
        <div className="rounded-xl border border-line bg-surface/60 p-3">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-success">✓ Proof</p>
          <ProofView proof={proof} alt={`Your proof photo for the ${label}`} />
        </div>
      )}
      {shrinking || attach.isPending ? (
        <p className="mt-3 flex items-center gap-3 text-sm" role="status">
          <Spinner /> {attach.isPending ? "Checking your file..." : "Making your photo smaller..."}
        </p>
      ) : open ? (
        <div className="mt-3">
          <FileDrop label="Choose or drop a file" hint={hint} file={null} onFile={upload} error={error} />
          <button type="button" className="mt-1 min-h-11 text-sm text-muted underline" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      ) : (
        !locked && (
          <div className="mt-2 flex flex-wrap gap-x-4">
            <button
              type="button"
              className="min-h-11 text-sm font-semibold text-volt underline decoration-volt/40 underline-offset-4"
              onClick={() => {
                setError(null);
                setOpen(true);
              }}
            >
              {proof ? "Replace proof" : "Add proof"}
            </button>
            {proof && (
              <button
                type="button"
                className="min-h-11 text-sm text-muted underline"
                disabled={remove.isPending}
                onClick={() => remove.mutate(undefined, { onError: (err) => setError(err.message) })}
              >
                {remove.isPending ? "Removing..." : "Remove proof"}
              </button>
            )}
          </div>
        )
      )}
      {/* Beside the file too once he opened it: "Add proof" is where he looks for another way. */}
      {!locked && !proof && extra ? <div className="mt-2">{extra}</div> : null}
      {!open && error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <Modal open={mismatch !== null} title="Does this prove it?" onClose={() => setMismatch(null)}>
        <p className="mt-3 text-muted" data-testid="proof-mismatch">
          {mismatch?.question}
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              const file = mismatch?.file;
              setMismatch(null);
              if (file) void send(file, true);
            }}
          >
            Use it anyway
          </button>
          <button type="button" className="btn-secondary px-4 text-sm sm:text-base" onClick={() => setMismatch(null)}>
            Choose another proof
          </button>
        </div>
      </Modal>
    </section>
  );
}
